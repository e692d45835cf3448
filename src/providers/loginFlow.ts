import { ADMIN_HUB_PATH } from '../../contract/rules';
import type { LoginResponse } from '../../contract/schemas/auth';
import { HOME_PATH, LOGIN_PATH } from '../config';
import type { Http } from '../shared/providers/http';
import { needsFullPageLoad, RETURN_PARAM, safeReturnPath } from '../shared/providers/returnPath';
import { fetchRoleCodes, hasAdminRole } from '../shared/providers/roles';
import type { SessionStore } from '../shared/providers/storage';

/** Where a sign-in goes next: a route of this app, or a full-page load of another URL. */
export type LoginTarget = { kind: 'route'; to: string } | { kind: 'external'; href: string };

export interface FlowDeps {
  http: Http;
  store: SessionStore;
  /** Called when the server sends no role data at all (spec: error, back to /login). */
  onNoRoleData: () => void;
  /** Called when the roles could not be fetched (network, server): the page says why. */
  onRefused: (error: unknown) => void;
}

/** The check info /selfService builds its stepper from. */
export interface CheckInfo {
  srmi: string | null;
  userId: string;
  appId: string | null;
  instanceId: string | null;
  steps: LoginResponse['steps'];
  active: number;
  secondAuth: boolean;
  passwordExpireRemind: boolean;
  passwordExpireDays: number;
  /** The page the sign-in returns to once the steps are done (checked again when followed). */
  returnTo: string | null;
}

export function toCheckInfo(response: LoginResponse, appId: string | null, returnTo: string | null = null): CheckInfo {
  return {
    srmi: response.srmi,
    userId: response.userId,
    appId: response.appId ?? appId,
    instanceId: response.instanceId,
    steps: response.steps,
    active: 0,
    secondAuth: response.secondAuth,
    passwordExpireRemind: response.passwordExpireDays > 0,
    passwordExpireDays: response.passwordExpireDays,
    returnTo: safeReturnPath(returnTo),
  };
}

/** The second factor's page; the return path travels in its query like the ticket. */
export function secondAuthPath(response: LoginResponse, appId: string | null, returnTo: string | null = null): string {
  const query = new URLSearchParams();
  if (response.srmi) query.set('srmi', response.srmi);
  const app = response.appId ?? appId;
  if (app) query.set('appId', app);
  if (response.userId) query.set('userId', response.userId);
  if (response.instanceId) query.set('instanceId', response.instanceId);
  const back = safeReturnPath(returnTo);
  if (back) query.set(RETURN_PARAM, back);
  return `/secondAuth?${query.toString()}`;
}

/** Decodes a redirectUrl, tolerating one that was sent undecoded. */
function decodeRedirect(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** A safe return path as a target: pages outside this app by a full page load, its own routes by the router. */
export function returnTarget(path: string): LoginTarget {
  return needsFullPageLoad(path) ? { kind: 'external', href: path } : { kind: 'route', to: path };
}

/**
 * Login completion (sign-in spec §4): the page the person was sent to sign in from comes first
 * (a same-origin path only; an OpenID Connect interaction must resume rather than relaunch the
 * application), then the server's redirectUrl; otherwise role codes decide between the admin
 * hub and My apps.
 */
export async function completeLogin(response: Pick<LoginResponse, 'redirectUrl'>, deps: FlowDeps, returnTo: string | null = null): Promise<LoginTarget> {
  const back = safeReturnPath(returnTo);
  if (back) {
    // The roles are not needed to choose a landing page; what was cached belongs to the previous sign-in.
    deps.store.forgetRoles();
    return returnTarget(back);
  }
  if (response.redirectUrl) return { kind: 'external', href: decodeRedirect(response.redirectUrl) };
  let codes: string[] | null;
  try {
    codes = await fetchRoleCodes(deps.http, deps.store);
  } catch (error) {
    // Without roles we cannot say where the user belongs.
    deps.onRefused(error);
    return { kind: 'route', to: LOGIN_PATH };
  }
  if (codes === null) {
    deps.onNoRoleData();
    return { kind: 'route', to: LOGIN_PATH };
  }
  return hasAdminRole(codes) ? { kind: 'external', href: ADMIN_HUB_PATH } : { kind: 'route', to: HOME_PATH };
}

/** What follows the password-expiry reminder: the second factor, or completion. */
export async function continueLogin(response: LoginResponse, appId: string | null, deps: FlowDeps, returnTo: string | null = null): Promise<LoginTarget> {
  if (response.secondAuth) return { kind: 'route', to: secondAuthPath(response, appId, returnTo) };
  return completeLogin(response, deps, returnTo);
}
