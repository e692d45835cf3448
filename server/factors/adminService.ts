import { refuseAdministratorCredentials } from '../administrators/credentials.js';
import { CODE } from '../../contract/codes.js';
import { maskMobile } from '../../contract/rules.js';
import type { AdminUserFactors } from '../../contract/schemas/factors.js';
import { AppError } from '../platform/lib/errors.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { passkeyItemOf } from './adding.js';
import type { FactorPolicyService } from './policy.js';

type Resettable = 'PASSKEY' | 'TOTP' | 'RECOVERY_CODE';
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * Workbench: a person's second factors, and their removal when a device is lost (the person then
 * enrols again at the next sign-in if the policy requires a factor). Secrets are never shown; a
 * reset is audited with what was removed and ends the person's sessions.
 */
export function factorAdminService(ctx: ServiceContext, deps: Pick<CoreServices, 'audit'> & { policy: FactorPolicyService }) {
  const repo = ctx.repos.factors;

  async function personOf(id: number) {
    const user = await ctx.repos.users.findById(id);
    if (!user) throw new AppError(CODE.notFound);
    return user;
  }

  return {
    async get(id: number): Promise<AdminUserFactors> {
      const user = await personOf(id);
      const [totp, passkeys, recovery, requirement] = await Promise.all([repo.totp(id), repo.passkeys(id), repo.recoveryStatus(id), deps.policy.requirement(user)]);
      const confirmed = totp && totp.confirmed_at !== null ? totp : null;
      const now = ctx.clock.now();
      return {
        phone: user.mobileNo ? { mobile: maskMobile(user.mobileNo), enabled: !user.phoneDisabled } : null,
        totp: confirmed && { createdAt: iso(confirmed.confirmed_at)!, lastUsedAt: iso(confirmed.last_used_at), lockedUntil: confirmed.locked_until !== null && confirmed.locked_until > now ? iso(confirmed.locked_until) : null },
        passkeys: passkeys.map(passkeyItemOf),
        recoveryCodes: recovery && { remaining: recovery.remaining, total: recovery.total, createdAt: iso(recovery.createdAt)! },
        secondFactorRequired: requirement.required,
        passkeyRequired: requirement.passkeyOnly,
      };
    },

    async reset(actor: AuthUser, id: number, kinds: Resettable[] | undefined, caller: Caller): Promise<null> {
      const user = await personOf(id);
      await refuseAdministratorCredentials(ctx.repos, actor.userRef, id);
      const chosen = new Set<Resettable>(kinds?.length ? kinds : ['PASSKEY', 'TOTP', 'RECOVERY_CODE']);
      await ctx.transaction(async (repos) => {
        const removed = {
          passkeys: chosen.has('PASSKEY') ? await repos.factors.passkeysDeleteAll(id) : 0,
          authenticatorApp: chosen.has('TOTP') ? await repos.factors.totpDelete(id) : false,
          recoveryCodes: chosen.has('RECOVERY_CODE') ? await repos.factors.recoveryDelete(id) : 0,
        };
        await repos.sessions.deleteOthers(id, null);
        await deps.audit.adminChange(actor.userRef, 'ADMIN_USER_FACTORS_RESET', `user:${user.account}`, { before: removed, after: null }, caller, repos);
      });
      return null;
    },
  };
}

export type FactorAdminService = ReturnType<typeof factorAdminService>;
