import { CODE, type ResultCode } from '../../contract/codes.js';
import { AppError } from '../platform/lib/errors.js';
import type { Caller } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import type { LoginOutcome, LoginTicketData } from '../sign-in/flow.js';
import type { Ticket as StoredTicket } from '../sign-in/ticketsRepository.js';

type Deps = Pick<CoreServices, 'tickets' | 'audit' | 'flow'>;
type Ticket = StoredTicket & { payload: LoginTicketData };
type User = Parameters<CoreServices['flow']['openSession']>[0];
type App = Parameters<CoreServices['flow']['openSession']>[1];

/**
 * Passes the second-factor step with whatever proof `check` verifies (a texted code, an app code,
 * a passkey, a recovery code): the ticket is closed first, so a racer with the same proof cannot
 * open a second session; the account's state is checked again; the session opens and the browser
 * is trusted. Every attempt, passed or refused, is in the user's sign-in history.
 */
export async function passSecondFactor(deps: Deps, ticket: Ticket, user: User, app: App, caller: Caller, check: () => Promise<void>): Promise<LoginOutcome> {
  const record = (result: ResultCode) => deps.audit.signIn({ userRef: user.id, account: user.account, optType: 'SECOND_AUTH', app, result, caller });
  try {
    await check();
    await deps.tickets.advance(ticket, 'DONE', ticket.payload);
    deps.flow.assertUsable(user);
    const outcome = await deps.flow.openSession(user, app, caller, true, ticket.payload.risk);
    await deps.tickets.close(ticket.id);
    await record(CODE.ok);
    return outcome;
  } catch (error) {
    if (error instanceof AppError) await record(error.code);
    throw error;
  }
}
