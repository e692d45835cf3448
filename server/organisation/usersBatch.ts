import { CODE } from '../../contract/codes.js';
import { PasswordResetMode, UserBatchAction } from '../../contract/enums.js';
import type { InputOf, OutputOf } from '../../contract/endpoint.js';
import type { adminUsersEndpoints } from '../../contract/endpoints/admin/users.js';
import { AppError } from '../platform/lib/errors.js';
import type { Caller } from '../composition/context.js';
import type { PeopleScope } from '../administrators/scope.js';

type BatchInput = InputOf<typeof adminUsersEndpoints.userBatch>;
type BatchResult = OutputOf<typeof adminUsersEndpoints.userBatch>;

/** The single-person actions a batch repeats: the same rules, audit rows and transactions as one at a time. */
export interface SinglePersonActions {
  get(userRef: number): Promise<{ userId: string }>;
  setEnabled(actorRef: number, userRef: number, enabled: boolean, caller: Caller, scope: PeopleScope): Promise<unknown>;
  update(actorRef: number, userRef: number, patch: { deptId: number | null }, caller: Caller, scope: PeopleScope): Promise<unknown>;
  remove(actorRef: number, userRef: number, caller: Caller, scope: PeopleScope): Promise<unknown>;
  endSessions(actorRef: number, userRef: number, caller: Caller, scope: PeopleScope): Promise<unknown>;
  resetPassword(actorRef: number, userRef: number, mode: PasswordResetMode, caller: Caller, scope: PeopleScope): Promise<unknown>;
  sendActivation(actorRef: number, userRef: number, caller: Caller, scope: PeopleScope): Promise<unknown>;
  /** Refuses an unknown department before anyone moves (E40110). */
  checkDepartment(deptId: number | null): Promise<void>;
}

/**
 * Many selected people, each on their own: one person's refusal (not found, oneself, holds
 * records, no password to expire) is their row's code and never stops or undoes the others, and
 * each change is one transaction with its audit row, exactly as the single action writes it.
 * People are handled one after another, so a batch holds at most one transaction at a time.
 * A delegated administrator's batch is confined like each single action: a person outside their
 * subtree is that row's E60205, another administrator that row's E60203.
 */
export async function runUserBatch(actions: SinglePersonActions, actorRef: number, input: BatchInput, caller: Caller, scope: PeopleScope): Promise<BatchResult> {
  if (input.action === UserBatchAction.MOVE) await actions.checkDepartment(input.deptId ?? null);
  const ids = [...new Set(input.ids)];
  const results: BatchResult['results'] = [];
  for (const id of ids) {
    let account: string | null = null;
    try {
      account = (await actions.get(id)).userId;
      await apply(actions, actorRef, id, input, caller, scope);
      results.push({ id, account, code: CODE.ok });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, account, code: error.code });
    }
  }
  const succeeded = results.filter((r) => r.code === CODE.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

function apply(actions: SinglePersonActions, actorRef: number, id: number, input: BatchInput, caller: Caller, scope: PeopleScope): Promise<unknown> {
  switch (input.action) {
    case UserBatchAction.ENABLE: return actions.setEnabled(actorRef, id, true, caller, scope);
    case UserBatchAction.DISABLE: return actions.setEnabled(actorRef, id, false, caller, scope);
    case UserBatchAction.MOVE: return actions.update(actorRef, id, { deptId: input.deptId ?? null }, caller, scope);
    case UserBatchAction.DELETE: return actions.remove(actorRef, id, caller, scope);
    case UserBatchAction.END_SESSIONS: return actions.endSessions(actorRef, id, caller, scope);
    case UserBatchAction.REQUIRE_PASSWORD_CHANGE: return actions.resetPassword(actorRef, id, PasswordResetMode.MUST_CHANGE, caller, scope);
    case UserBatchAction.SEND_ACTIVATION: return actions.sendActivation(actorRef, id, caller, scope);
  }
}
