import type { User } from '../organisation/usersRepository.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { PasswordService } from './hashing.js';
import type { PasswordPolicyService } from './policy.js';
import type { AuditService } from '../audit/service.js';
import type { ThrottleService } from '../sign-in/throttle.js';
import { AppError } from '../platform/lib/errors.js';
import { accountKey } from '../sign-in/throttle.js';
import { passwordExpiresAt } from './policy.js';
import { CODE } from '../../contract/codes.js';

/**
 * The building blocks this one is made of, named by their own types: CoreServices (composition/coreServices.ts)
 * lists this service too, so taking a Pick of it would make the two types depend on each other.
 */
interface CredentialDeps { passwords: PasswordService; policy: PasswordPolicyService; audit: AuditService; throttle: ThrottleService }

/**
 * Replacing a password, whichever flow asks: the policy (the earlier passwords included), a fresh
 * hash and expiry, the password history, the end of the user's other sessions, and the
 * operation-log row. Every path that sets a password comes through here, so the history is whole.
 */
export function credentialService(ctx: ServiceContext, deps: CredentialDeps) {
  return {
    /**
     * Proves the current password before a change. It costs an argon2 verification like a
     * sign-in, so it draws on the same account and address budgets: a stolen session or ticket
     * cannot guess the password faster than the sign-in page allows (E10702 wrong, E30053 locked).
     */
    async checkCurrent(user: Pick<User, 'account' | 'passwordHash'>, password: string, caller: Caller): Promise<void> {
      const attempt = await deps.throttle.reserve(accountKey(user.account), caller.ip);
      if (await deps.passwords.verify(user.passwordHash, password)) return attempt.succeeded();
      const { locked, minutes } = await attempt.failed();
      throw locked ? new AppError(CODE.accountLocked, { minutes }) : new AppError(CODE.currentPasswordWrong);
    },

    /**
     * The policy and the hash come first (slow, and nothing is written yet); the new password,
     * the end of the other sessions and the log row then stand or fall together.
     */
    async replacePassword(user: Pick<User, 'id' | 'account' | 'passwordHash'>, password: string, opts: { keepSessionId: number | null; caller: Caller; scene: string; detail: string | null }): Promise<void> {
      const level = await deps.policy.enforce(password, user.account, user.passwordHash, user.id);
      const hash = await deps.passwords.hash(password);
      // Read before the unit of work: inside it only its own repositories may be used.
      const rules = await deps.policy.rules();
      const now = ctx.clock.now();
      await ctx.transaction(async (repos) => {
        await repos.users.updatePassword(user.id, hash, level, now, passwordExpiresAt(rules, now));
        await deps.policy.remember(repos, user, hash, rules.historyCount, now);
        await repos.sessions.deleteOthers(user.id, opts.keepSessionId);
        await deps.audit.operation(user.id, opts.scene, opts.caller, opts.detail, repos);
      });
    },
  };
}

export type CredentialService = ReturnType<typeof credentialService>;
