import { CODE, type ResultCode } from '../../../contract/codes.js';
import { API_PREFIX, NETWORK_REASON, SPA_PATHS, paths, refusedLaunchPage } from '../../../contract/paths.js';
import { AppError } from '../../platform/lib/errors.js';
import type { AuthUser, Caller } from '../../composition/context.js';
import type { Repos } from '../../composition/repositories.js';
import type { Services } from '../../composition/services.js';
import type { Clock } from '../../platform/lib/clock.js';
import type { User } from '../../organisation/usersRepository.js';
import { isSignOnReturnPath } from './returnPaths.js';
import { takeFactorProof } from './secondFactor.js';

/** The application a protocol request is for, as far as signing on to it goes. */
export interface SignOnApp {
  id: number;
  appId: string;
  appName: string;
  enabled: boolean;
  secondAuthRequired: boolean;
}

export interface SignOnRequest {
  app: SignOnApp;
  /** The portal session cookie the browser sent. */
  portalToken: string | undefined;
  /**
   * Where the browser comes back to after the sign-in page or the second factor: a path of this
   * origin under a protocol's mount (/saml, /cas), holding everything needed to resume.
   */
  back: string;
  /** The sign-in must have happened at or after this time, in ms (SAML ForceAuthn, CAS renew). */
  signedInSince?: number;
  /** Show no page (SAML IsPassive, CAS gateway): someone not signed in is answered `passive`. */
  passive?: boolean;
  /** The one-time proof the second-factor endpoint appended to `back` (?factor=). */
  factorProof?: string;
  caller: Caller;
}

export type SignOnStep =
  /** The portal's sign-in page or second factor, which come back to `back`. */
  | { kind: 'page'; location: string }
  /** Not signed in (or not enough), and the request wants no page. */
  | { kind: 'passive' }
  /** Signed in but refused: written to the user's log; `location` is the portal's page saying so. */
  | { kind: 'refused'; code: ResultCode; location: string }
  | { kind: 'signedIn'; user: User; portal: AuthUser; authTime: number; mfa: boolean };

export interface SignOnDeps { services: Services; repos: Repos; clock: Clock }

/**
 * The portal's sign-in as the login step of every protocol adapter beside OpenID Connect (SAML,
 * CAS): the same sign-in page, second factor (the user's, the application's and the policy's
 * rules), usable-account check and permission check, and the same log of refused launches.
 * Someone signed in and allowed goes straight on, no page shown. The adapter logs the access
 * itself when it actually issues something (`logAccess`).
 */
/** A launch of an application, allowed or refused, in the person's access log: the same for every protocol. */
export async function logLaunch(services: Services, user: Pick<User, 'id' | 'account'>, app: { id: number; appName: string }, result: ResultCode, caller: Caller): Promise<void> {
  await services.audit.signIn({ userRef: user.id, account: user.account, optType: 'SSO', app: { id: app.id, appName: app.appName }, result, caller });
}

export function signOnStep(d: SignOnDeps) {
  const signInPage = (app: SignOnApp, back: string): string =>
    `${SPA_PATHS.login}?${new URLSearchParams({ appId: app.appId, redirect: back }).toString()}`;

  const factorEndpoint = (app: SignOnApp, back: string): string =>
    `${API_PREFIX}${paths.auth.signOnSecondFactor}?${new URLSearchParams({ appId: app.appId, back }).toString()}`;

  const logRefusal = (user: User, app: SignOnApp, result: ResultCode, caller: Caller) => logLaunch(d.services, user, app, result, caller);

  async function decide(r: SignOnRequest): Promise<SignOnStep> {
    if (!isSignOnReturnPath(r.back)) throw new Error(`not a sign-on return path: ${r.back}`);
    const portal = await d.services.sessions.authenticate(r.portalToken).catch(() => null);
    const user = portal && (await d.repos.users.findById(portal.userRef));
    if (!portal || !user) return r.passive ? { kind: 'passive' } : { kind: 'page', location: signInPage(r.app, r.back) };
    if (!r.app.enabled) {
      await logRefusal(user, r.app, CODE.noAppPermission, r.caller);
      return { kind: 'refused', code: CODE.noAppPermission, location: refusedLaunchPage(r.app.appId) };
    }
    try {
      d.services.flow.assertUsable(user);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await logRefusal(user, r.app, error.code, r.caller);
      return { kind: 'refused', code: error.code, location: refusedLaunchPage(r.app.appId) };
    }
    if (!(await d.repos.apps.hasPermission(user.id, r.app.id))) {
      await logRefusal(user, r.app, CODE.noAppPermission, r.caller);
      return { kind: 'refused', code: CODE.noAppPermission, location: refusedLaunchPage(r.app.appId) };
    }
    if (await d.services.risk.launchRefused(r.app.appId, r.caller)) {
      await logRefusal(user, r.app, CODE.ipRefused, r.caller);
      return { kind: 'refused', code: CODE.ipRefused, location: refusedLaunchPage(r.app.appId, NETWORK_REASON) };
    }
    const authTime = (await d.repos.sessions.authenticatedAt(portal.sessionId)) ?? 0;
    if (r.signedInSince !== undefined && authTime < r.signedInSince) {
      return r.passive ? { kind: 'passive' } : { kind: 'page', location: signInPage(r.app, r.back) };
    }
    const factorNeeded = (await d.services.factors.policy.requirement(user, r.app)).required;
    const mfa = factorNeeded && (await takeFactorProof(d.services, r.factorProof, r.back, portal));
    if (factorNeeded && !mfa) return r.passive ? { kind: 'passive' } : { kind: 'page', location: factorEndpoint(r.app, r.back) };
    return { kind: 'signedIn', user, portal, authTime, mfa };
  }

  /** Something was issued to the application for this person (an assertion, a service ticket): an access in their log. */
  const logAccess = (user: User, app: SignOnApp, caller: Caller) => logLaunch(d.services, user, app, CODE.ok, caller);

  return { decide, logAccess, logRefusal };
}

export type SignOnSteps = ReturnType<typeof signOnStep>;
