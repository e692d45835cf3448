import { LIMITS } from '../../../contract/rules.js';

/** Where the protocol adapters that use the portal's sign-on step are mounted. */
export const SIGN_ON_MOUNTS = ['/saml', '/cas'] as const;

/** The query parameter the second-factor endpoint gives its one-time proof in. */
export const FACTOR_PARAM = 'factor';

/** Ticket purpose: this browser showed its second factor's device trust for one return path and portal session. */
export const SIGN_ON_FACTOR_TICKET = 'sign-on-factor';
export interface SignOnFactorTicket { back: string; sessionId: number }

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;

/**
 * A path the sign-on step may send the browser back to: one of the adapters' own, on this origin
 * (the second-factor endpoint takes it from the query, so it must never lead anywhere else).
 */
export function isSignOnReturnPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length > LIMITS.returnPathMax || CONTROL.test(path) || path.includes('..')) return false;
  return SIGN_ON_MOUNTS.some((mount) => path.startsWith(`${mount}/`));
}

/** The return path with the second factor's one-time proof added. */
export function withFactorProof(back: string, proof: string): string {
  return `${back}${back.includes('?') ? '&' : '?'}${FACTOR_PARAM}=${encodeURIComponent(proof)}`;
}
