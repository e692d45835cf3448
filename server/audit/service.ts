import { CODE, type ResultCode } from '../../contract/codes.js';
import { LIMITS } from '../../contract/rules.js';
import type { Repos } from '../composition/repositories.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import { deviceNameOf } from '../account/deviceName.js';
import { metrics } from '../platform/ops/metrics.js';
import type { RiskJudgement } from '../../contract/schemas/risk.js';
import type { NewLoginEntry } from './loginHistoryRepository.js';

/** One sign-in attempt as its method reports it. */
export interface SignInAttempt {
  userRef: number | null;
  account: string;
  optType: string;
  app?: { id: number; appName: string } | null;
  result: ResultCode;
  caller: Caller;
  /** How the sign-in was judged (server/risk); absent for one refused before (wrong credentials, say). */
  judgement?: RiskJudgement | null;
}

/**
 * Writes sign-in attempts and account operations to the user's logs. Never secrets. Inside a
 * unit of work, pass its `repos` so the row stands or falls with the operation it records.
 */
export function auditService(ctx: ServiceContext) {
  /** A sign-in attempt's log row. */
  function signInEntry(entry: SignInAttempt): NewLoginEntry {
    return {
      userRef: entry.userRef,
      account: entry.account.slice(0, LIMITS.accountMax),
      optType: entry.optType,
      appRef: entry.app?.id ?? null,
      appName: entry.app?.appName ?? null,
      success: entry.result === CODE.ok,
      loginMsg: entry.result,
      ip: entry.caller.ip,
      deviceId: entry.caller.deviceId,
      deviceName: deviceNameOf(entry.caller.userAgent, entry.caller.deviceName),
      createdAt: ctx.clock.now(),
      risk: entry.judgement ?? null,
    };
  }

  /** The attempt counted on /metrics. */
  const signInWritten = (entry: SignInAttempt) => metrics.signIn(entry.optType, entry.result);

  return {
    async signIn(entry: SignInAttempt): Promise<void> {
      signInWritten(entry);
      await ctx.repos.loginHistory.insert(signInEntry(entry));
    },
    /**
     * What `signIn` does in two halves, for a sign-in that writes the row with its session
     * (ctx.repos.opening): the row to write, and the count on /metrics once it is written.
     */
    signInEntry,
    signInWritten,
    async operation(userRef: number, sceneCode: string, caller: Caller, detail: string | null = null, repos: Repos = ctx.repos): Promise<void> {
      await repos.operationLog.insert({
        userRef,
        sceneCode,
        detail,
        ip: caller.ip,
        ipRegion: null,
        createdAt: ctx.clock.now(),
      });
    },
    /**
     * An administrator's change (workbench or provisioning): who (`actorRef`), what (`sceneCode`,
     * e.g. ADMIN_USER_UPDATE), on what (`target`, e.g. "user:zhangsan") and the values before and
     * after. Fields that hold secrets are dropped whatever the caller passed.
     */
    async adminChange(
      actorRef: number,
      sceneCode: string,
      target: string,
      change: { before?: unknown; after?: unknown },
      caller: Caller,
      repos: Repos = ctx.repos,
    ): Promise<void> {
      await repos.operationLog.insert({
        userRef: actorRef,
        sceneCode,
        detail: null,
        ip: caller.ip,
        ipRegion: null,
        createdAt: ctx.clock.now(),
        target: target.slice(0, 200),
        changes: JSON.stringify({ before: withoutSecrets(change.before ?? null), after: withoutSecrets(change.after ?? null) }),
      });
    },
  };
}

/** Keys whose values never reach a log, at any depth. */
const SECRET_KEY = /password|secret|token|hash|otp|code_hash|credential/i;

/** A copy of a change's values with every secret-looking field replaced by "***". */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, SECRET_KEY.test(key) ? '***' : withoutSecrets(v)]));
}

export type AuditService = ReturnType<typeof auditService>;
