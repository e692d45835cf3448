import type { AuthUser, Caller } from '../../composition/context.js';
import type { Repos } from '../../composition/repositories.js';
import type { Services } from '../../composition/services.js';
import { LOGIN_TICKET, SECOND_AUTH_STEP, type LoginTicketData } from '../../sign-in/flow.js';
import { SIGN_ON_FACTOR_TICKET, isSignOnReturnPath, withFactorProof, type SignOnFactorTicket } from './returnPaths.js';

/** The SPA's second-factor page (it takes srmi, appId, userId and where to return). */
const SECOND_AUTH_PAGE = '/secondAuth';

/**
 * Where a signed-in browser owing a second factor goes, from a portal endpoint that sees the
 * device-trust cookie (it lives under /idaas): one that passed the factor recently goes back to
 * `back` with a one-time proof; any other through the portal's second-factor page, which returns
 * to `back`. Shared by every protocol: OpenID Connect's interaction and the sign-on step.
 */
export async function factorDetour(services: Services, app: { appId: string }, user: AuthUser, caller: Caller, back: string): Promise<string> {
  if (await services.flow.deviceTrusted(user.userRef, caller)) {
    const proof = await services.tickets.issue<SignOnFactorTicket>(SIGN_ON_FACTOR_TICKET, user.userRef, 'passed', { back, sessionId: user.sessionId });
    return withFactorProof(back, proof);
  }
  const data: LoginTicketData = { appId: app.appId, loginType: 'ACCOUNT', steps: [], secondAuth: true, passwordExpireDays: 0, deviceId: caller.deviceId };
  const srmi = await services.tickets.issue(LOGIN_TICKET, user.userRef, SECOND_AUTH_STEP, data);
  return `${SECOND_AUTH_PAGE}?${new URLSearchParams({ srmi, appId: app.appId, userId: user.account, redirect: back }).toString()}`;
}

/** Whether `proof` is the detour's one-time proof for this return path and portal session (it is spent either way). */
export async function takeFactorProof(services: Services, proof: string | undefined, back: string, portal: AuthUser): Promise<boolean> {
  if (!proof) return false;
  try {
    const ticket = await services.tickets.load<SignOnFactorTicket>(proof, [SIGN_ON_FACTOR_TICKET], ['passed']);
    await services.tickets.close(ticket.id);
    return ticket.userRef === portal.userRef && ticket.payload.back === back && ticket.payload.sessionId === portal.sessionId;
  } catch {
    return false;
  }
}

/** GET sign-on/second-factor: the detour for a SAML or CAS request, which resumes at `back` (one of theirs only). */
export async function signOnSecondFactor(
  d: { services: Services; repos: Repos }, appId: string, back: string, user: AuthUser | null, caller: Caller,
): Promise<string> {
  if (!isSignOnReturnPath(back)) return '/';
  const app = await d.repos.apps.findByAppId(appId);
  if (!user || !app) return back;
  return factorDetour(d.services, app, user, caller, back);
}
