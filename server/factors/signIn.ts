import { CODE } from '../../contract/codes.js';
import { maskMobile } from '../../contract/rules.js';
import type { FactorKind, OfferedFactor, RecoverySignInResult, SignInFactors, WebauthnOptions } from '../../contract/schemas/factors.js';
import { AppError, notSignedIn } from '../platform/lib/errors.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { LOGIN_TICKET, SECOND_AUTH_STEP, type LoginOutcome, type LoginTicketData } from '../sign-in/flow.js';
import { passSecondFactor } from './secondFactorPass.js';
import type { FactorChecks } from './checks.js';
import type { FactorPolicyService } from './policy.js';
import type { WebauthnCeremonies } from './webauthn.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { factorEndpoints } from '../../contract/endpoints/factors.js';

export interface FactorSignInDeps extends Pick<CoreServices, 'tickets' | 'audit' | 'flow'> {
  policy: FactorPolicyService;
  checks: FactorChecks;
  ceremonies: WebauthnCeremonies;
}

/**
 * The second-factor step with the factors beyond SMS: which ones the user can pass with, and one
 * verification per kind. Each passes the step exactly as the SMS code does (the ticket closed
 * first, the account's state checked again, the session opened, the browser trusted for 30 days).
 */
export function factorSignInService(ctx: ServiceContext, deps: FactorSignInDeps) {
  const ticketOf = (srmi: string) => deps.tickets.load<LoginTicketData>(srmi, [LOGIN_TICKET], [SECOND_AUTH_STEP]);

  async function context(srmi: string) {
    const ticket = await ticketOf(srmi);
    const user = ticket.userRef === null ? undefined : await ctx.repos.users.findById(ticket.userRef);
    if (!user) throw notSignedIn();
    const app = ticket.payload.appId ? await ctx.repos.apps.findByAppId(ticket.payload.appId) : undefined;
    const requirement = await deps.policy.requirement(user, app);
    return { ticket, user, app, requirement };
  }
  type Context = Awaited<ReturnType<typeof context>>;

  /** A factor other than a passkey when only a passkey passes: refused before anything is checked or spent. */
  function assertAllowed(c: Context, kind: FactorKind): void {
    if (c.requirement.passkeyOnly && kind !== 'PASSKEY') throw new AppError(CODE.passkeyRequired);
  }

  /** Runs the check, then passes the step exactly as the texted code does. */
  const pass = (c: Context, caller: Caller, check: () => Promise<void>): Promise<LoginOutcome> => passSecondFactor(deps, c.ticket, c.user, c.app, caller, check);

  return {
    async factors(srmi: string): Promise<SignInFactors> {
      const c = await context(srmi);
      const { kinds, recoveryLeft } = await deps.policy.held(c.user);
      const offered = deps.policy.passing(kinds, c.requirement).map((kind): OfferedFactor => ({
        kind,
        mobile: kind === 'SMS' && c.user.mobileNo ? maskMobile(c.user.mobileNo) : null,
        remaining: kind === 'RECOVERY_CODE' ? recoveryLeft : null,
      }));
      return { factors: offered, passkeyRequired: c.requirement.passkeyOnly };
    },

    async totp(body: InputOf<typeof factorEndpoints.signInTotp>, caller: Caller): Promise<LoginOutcome> {
      const c = await context(body.srmi);
      assertAllowed(c, 'TOTP');
      return pass(c, caller, () => deps.checks.totp(c.user.id, body.code));
    },

    async recoveryCode(body: InputOf<typeof factorEndpoints.signInRecoveryCode>, caller: Caller): Promise<LoginOutcome & { response: RecoverySignInResult }> {
      const c = await context(body.srmi);
      assertAllowed(c, 'RECOVERY_CODE');
      let left = 0;
      const outcome = await pass(c, caller, async () => {
        left = await deps.checks.recovery(c.user.id, body.code);
      });
      await deps.audit.operation(c.user.id, 'USE_RECOVERY_CODE', caller, `left:${left}`);
      return { ...outcome, response: { ...outcome.response, recoveryCodesLeft: left } };
    },

    async passkeyOptions(srmi: string): Promise<WebauthnOptions> {
      const c = await context(srmi);
      return deps.ceremonies.authenticationOptions('second', { userRef: c.user.id, binding: c.ticket.id });
    },

    async passkey(body: InputOf<typeof factorEndpoints.signInPasskey>, caller: Caller): Promise<LoginOutcome> {
      const c = await context(body.srmi);
      return pass(c, caller, async () => {
        await deps.ceremonies.verifyAuthentication(body.credential, 'second', { userRef: c.user.id, binding: c.ticket.id });
      });
    },
  };
}

export type FactorSignInService = ReturnType<typeof factorSignInService>;
