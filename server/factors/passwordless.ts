import { CODE } from '../../contract/codes.js';
import type { WebauthnOptions } from '../../contract/schemas/factors.js';
import { AppError } from '../platform/lib/errors.js';
import { MINUTE } from '../platform/lib/clock.js';
import type { User } from '../organisation/usersRepository.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import type { LoginOutcome } from '../sign-in/flow.js';
import { accountKey } from '../sign-in/throttle.js';
import { judgementOf } from '../risk/judged.js';
import type { WebauthnCeremonies } from './webauthn.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { factorEndpoints } from '../../contract/endpoints/factors.js';

/** How the sign-in history names a passwordless sign-in. */
export const PASSKEY_LOGIN = 'PASSKEY';

/**
 * Passwordless sign-in with a discoverable passkey on /login. The passkey proves possession and,
 * with user verification, the person: two factors, so no second factor is asked. Everything else
 * a password sign-in checks still holds — account state (disabled, locked by failed passwords,
 * expired, not activated), the application's permission, forced or expired passwords, the
 * self-service steps — because the session is opened by the same flow.
 */
export function passwordlessService(ctx: ServiceContext, deps: Pick<CoreServices, 'audit' | 'flow'> & { ceremonies: WebauthnCeremonies }) {
  async function assertNotLocked(user: User): Promise<void> {
    const row = await ctx.repos.limits.get(accountKey(user.account));
    const now = ctx.clock.now();
    if (row?.lockedUntil && row.lockedUntil > now) throw new AppError(CODE.accountLocked, { minutes: Math.max(1, Math.ceil((row.lockedUntil - now) / MINUTE)) });
  }

  return {
    async options(appId: string | undefined): Promise<WebauthnOptions> {
      await deps.flow.resolveApp(appId);
      return deps.ceremonies.authenticationOptions('login', { userRef: null, binding: null });
    },

    async login(body: InputOf<typeof factorEndpoints.passkeyLogin>, caller: Caller): Promise<LoginOutcome> {
      const app = await deps.flow.resolveApp(body.appId ?? body.query?.appId);
      let user: User | undefined;
      try {
        const passkey = await deps.ceremonies.verifyAuthentication(body.credential, 'login', { userRef: null, binding: null });
        user = await ctx.repos.users.findById(passkey.user_ref);
        if (!user) throw new AppError(CODE.passkeyUnknown);
        await assertNotLocked(user);
        deps.flow.assertUsable(user);
        // A passkey stands where the account-and-password form does: the application must allow that form.
        await deps.flow.assertAppAccess(user, app, 'ACCOUNT');
        const { id: userRef, account } = user;
        // The success row is the flow's to write: with the session, in one transaction, when one opens.
        return await deps.flow.complete(user, app, 'ACCOUNT', caller, {
          factorProven: true,
          success: (judgement) => ({ userRef, account, optType: PASSKEY_LOGIN, app, result: CODE.ok, caller, judgement }),
        });
      } catch (error) {
        if (error instanceof AppError) await deps.audit.signIn({ userRef: user?.id ?? null, account: user?.account ?? '', optType: PASSKEY_LOGIN, app, result: error.code, caller, judgement: judgementOf(error) });
        throw error;
      }
    },
  };
}

export type PasswordlessService = ReturnType<typeof passwordlessService>;
