import type { UserRow } from '../repositories/users.js';
import { DAY } from '../lib/clock.js';
import type { Caller, ServiceContext } from './context.js';
import type { CoreServices } from './deps.js';
import { AppError } from '../domain/errors.js';
import { accountKey } from './throttle.js';
import { CODE } from '../../contract/codes.js';

/**
 * Replacing a password, whichever flow asks: the policy, a fresh hash and expiry, the end of the
 * user's other sessions, and the operation-log row.
 */
export function credentialService(ctx: ServiceContext, deps: Pick<CoreServices, 'passwords' | 'policy' | 'sessions' | 'audit' | 'throttle'>) {
  return {
    /**
     * Proves the current password before a change. It costs an argon2 verification like a
     * sign-in, so it draws on the same account and address budgets: a stolen session or ticket
     * cannot guess the password faster than the sign-in page allows (E10702 wrong, E30053 locked).
     */
    async checkCurrent(user: Pick<UserRow, 'user_id' | 'password_hash'>, password: string, caller: Caller): Promise<void> {
      const attempt = await deps.throttle.reserve(accountKey(user.user_id), caller.ip);
      if (await deps.passwords.verify(user.password_hash, password)) return attempt.succeeded();
      const { locked } = await attempt.failed();
      throw locked ? new AppError(CODE.accountLocked, { minutes: ctx.config.lockout.lockMinutes }) : new AppError(CODE.currentPasswordWrong);
    },

    async replacePassword(user: Pick<UserRow, 'id' | 'user_id' | 'password_hash'>, password: string, opts: { keepSessionId: number | null; caller: Caller; scene: string; detail: string | null }): Promise<void> {
      const level = await deps.policy.enforce(password, user.user_id, user.password_hash);
      const now = ctx.clock.now();
      await ctx.repos.users.updatePassword(user.id, await deps.passwords.hash(password), level, now, now + ctx.config.passwordExpiryDays * DAY);
      await deps.sessions.endOthers(user.id, opts.keepSessionId);
      await deps.audit.operation(user.id, opts.scene, opts.caller, opts.detail);
    },
  };
}

export type CredentialService = ReturnType<typeof credentialService>;
