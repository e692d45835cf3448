import type { UserRow } from '../repositories/users.js';
import { DAY } from '../lib/clock.js';
import type { Caller, ServiceContext } from './context.js';
import type { CoreServices } from './deps.js';

/**
 * Replacing a password, whichever flow asks: the policy, a fresh hash and expiry, the end of the
 * user's other sessions, and the operation-log row.
 */
export function credentialService(ctx: ServiceContext, deps: Pick<CoreServices, 'passwords' | 'policy' | 'sessions' | 'audit'>) {
  return {
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
