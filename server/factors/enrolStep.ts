import { CODE } from '../../contract/codes.js';
import type { FactorKind, TotpEnrolment, WebauthnOptions } from '../../contract/schemas/factors.js';
import type { StepResult } from '../../contract/schemas/signIn.js';
import { AppError, notSignedIn, ticketExpired } from '../platform/lib/errors.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { LOGIN_TICKET, type LoginTicketData } from '../sign-in/flow.js';
import type { FactorAdding } from './adding.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { factorEndpoints } from '../../contract/endpoints/factors.js';

export const ENROL_STEP = 'ENROL-FACTOR';

/**
 * The self-service step ENROL-FACTOR: a user who must pass a second factor but holds none that
 * passes adds one before the session opens. The sign-in ticket stands in for the
 * re-authentication (the first factor was proven moments ago). Having enrolled counts as the
 * second factor of this sign-in (the ticket remembers which).
 */
export function enrolStepService(ctx: ServiceContext, deps: Pick<CoreServices, 'tickets'> & { adding: FactorAdding }) {
  async function load(srmi: string) {
    const ticket = await deps.tickets.load<LoginTicketData>(srmi, [LOGIN_TICKET], [ENROL_STEP]);
    const user = ticket.userRef === null ? undefined : await ctx.repos.users.findById(ticket.userRef);
    if (!user) throw notSignedIn();
    const passkeyOnly = ticket.payload.steps.find((s) => s.code === ENROL_STEP)?.message === 'PASSKEY';
    return { ticket, user, passkeyOnly };
  }

  async function next(ticket: Awaited<ReturnType<typeof load>>['ticket'], enrolled: FactorKind): Promise<StepResult> {
    const steps = ticket.payload.steps;
    const index = steps.findIndex((s) => s.code === ENROL_STEP);
    const following = steps[index + 1];
    if (index < 0 || !following) throw ticketExpired();
    await deps.tickets.advance(ticket, following.code, { ...ticket.payload, enrolled });
    return { active: index + 1 };
  }

  return {
    async totpStart(srmi: string): Promise<TotpEnrolment> {
      const { user, passkeyOnly } = await load(srmi);
      if (passkeyOnly) throw new AppError(CODE.passkeyRequired);
      return deps.adding.startTotp(user);
    },
    async totpConfirm(body: InputOf<typeof factorEndpoints.enrolTotpConfirm>, caller: Caller): Promise<StepResult> {
      const { ticket, user, passkeyOnly } = await load(body.srmi);
      if (passkeyOnly) throw new AppError(CODE.passkeyRequired);
      await deps.adding.confirmTotp(user, body.code, caller);
      return next(ticket, 'TOTP');
    },
    async passkeyOptions(srmi: string): Promise<WebauthnOptions> {
      const { ticket, user } = await load(srmi);
      return deps.adding.passkeyOptions(user, 'enrol', ticket.id);
    },
    async passkey(body: InputOf<typeof factorEndpoints.enrolPasskey>, caller: Caller): Promise<StepResult> {
      const { ticket, user } = await load(body.srmi);
      await deps.adding.registerPasskey(user, body.name, body.credential, 'enrol', ticket.id, caller);
      return next(ticket, 'PASSKEY');
    },
  };
}

export type EnrolStepService = ReturnType<typeof enrolStepService>;
