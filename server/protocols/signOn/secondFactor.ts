import type { AuthUser, Caller } from '../../composition/context.js';
import type { Repos } from '../../composition/repositories.js';
import type { Services } from '../../composition/services.js';
import { LOGIN_TICKET, SECOND_AUTH_STEP, type LoginTicketData } from '../../sign-in/flow.js';
import { SECOND_AUTH_PAGE } from '../oidc/context.js';
import { SIGN_ON_FACTOR_TICKET, isSignOnReturnPath, withFactorProof, type SignOnFactorTicket } from './returnPaths.js';

/**
 * The portal endpoint a protocol's sign-on sends a second factor to (it sees the device-trust
 * cookie, which lives under /idaas): a browser that passed the factor recently goes back with a
 * one-time proof; any other through the portal's second-factor page, which returns to `back`.
 */
export async function signOnSecondFactor(
  d: { services: Services; repos: Repos }, appId: string, back: string, user: AuthUser | null, caller: Caller,
): Promise<string> {
  if (!isSignOnReturnPath(back)) return '/';
  const app = await d.repos.apps.findByAppId(appId);
  if (!user || !app) return back;
  if (await d.services.flow.deviceTrusted(user.userRef, caller)) {
    const proof = await d.services.tickets.issue<SignOnFactorTicket>(SIGN_ON_FACTOR_TICKET, user.userRef, 'passed', { back, sessionId: user.sessionId });
    return withFactorProof(back, proof);
  }
  const data: LoginTicketData = { appId: app.appId, loginType: 'ACCOUNT', steps: [], secondAuth: true, passwordExpireDays: 0, deviceId: caller.deviceId };
  const srmi = await d.services.tickets.issue(LOGIN_TICKET, user.userRef, SECOND_AUTH_STEP, data);
  return `${SECOND_AUTH_PAGE}?${new URLSearchParams({ srmi, appId: app.appId, userId: user.account, redirect: back }).toString()}`;
}
