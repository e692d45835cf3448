import type { Caller } from '../../composition/context.js';
import { randomId, safeEqual } from '../../platform/lib/crypto.js';
import { isSignOnReturnPath } from '../signOn/returnPaths.js';
import { CAS_MOUNT, LOGIN_RESUME_MS, TICKET_TTL_MS, type CasContext } from './context.js';
import { parseService, withTicket } from './serviceUrl.js';

/** What /cas/login answers: the browser goes somewhere, or sees one of the server's pages. */
export type LoginAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'badService' }
  | { kind: 'unregistered' };

export interface LoginQuery {
  service?: string;
  renew: boolean;
  gateway: boolean;
  /** The signed time this login request first arrived (`since`), as the browser brings it back. */
  since?: string;
  factor?: string;
  portalToken: string | undefined;
  caller: Caller;
}

/** `renew`, `gateway`: set unless absent or `false` (CAS 3.0 §2.1.1 speaks of the parameter being set). */
export const flag = (raw: unknown): boolean => typeof raw === 'string' && raw.toLowerCase() !== 'false';

/** A CAS ticket: its prefix, then 192 random bits (base64url). */
export const newTicket = (prefix: 'ST' | 'PT' | 'PGT' | 'PGTIOU') => `${prefix}-${randomId(24)}`;

export function casLogin(d: CasContext) {
  /**
   * The time this login request first arrived, signed with the installation's key and bound to
   * its service and renew: the sign-in page and second factor bring it back unchanged, and renew
   * is then satisfied by a sign-in made after it, never by one before (a browser cannot move it).
   */
  const stampOf = async (ms: number, service: string, renew: boolean) =>
    `${ms}.${(await d.services.secrets.digest('cas-login', `${ms}|${renew ? 1 : 0}|${service}`)).slice(0, 32)}`;

  async function arrivedAt(raw: string | undefined, service: string, renew: boolean, now: number): Promise<number | null> {
    const ms = Number(raw?.split('.')[0]);
    if (!raw || !Number.isSafeInteger(ms) || ms > now || now - ms > LOGIN_RESUME_MS) return null;
    return safeEqual(raw, await stampOf(ms, service, renew)) ? ms : null;
  }

  /** The path that resumes this request (GET /cas/login): same parameters, in one order, so the second factor's proof matches it. */
  function backOf(service: string, renew: boolean, gateway: boolean, since: string): string {
    const query = new URLSearchParams({ service });
    if (renew) query.set('renew', 'true');
    if (gateway) query.set('gateway', 'true');
    query.set('since', since);
    return `${CAS_MOUNT}/login?${query.toString()}`;
  }

  return async function login(q: LoginQuery): Promise<LoginAnswer> {
    // No service: nothing to sign in to but the portal itself.
    if (q.service === undefined || q.service === '') return { kind: 'redirect', location: '/' };
    const url = parseService(q.service);
    if (!url) return { kind: 'badService' };
    const registered = await d.cas.serviceFor(url);
    if (!registered) return { kind: 'unregistered' };
    const service = q.service;
    // A gateway request with renew is a renew request (the specification recommends ignoring gateway).
    const gateway = q.gateway && !q.renew;
    const now = d.clock.now();
    const since = (await arrivedAt(q.since, service, q.renew, now)) ?? now;
    const back = backOf(service, q.renew, gateway, await stampOf(since, service, q.renew));
    if (!isSignOnReturnPath(back)) return { kind: 'badService' };

    const step = await d.steps.decide({
      app: registered.app, portalToken: q.portalToken, back, caller: q.caller, factorProof: q.factor,
      ...(q.renew ? { signedInSince: since } : {}), ...(gateway ? { passive: true } : {}),
    });
    switch (step.kind) {
      case 'page':
        return { kind: 'redirect', location: step.location };
      case 'passive':
        return { kind: 'redirect', location: service };
      case 'refused':
        // Gateway promises the service its answer without a page: back without a ticket (the refusal is logged).
        return { kind: 'redirect', location: gateway ? service : step.location };
      case 'signedIn': {
        const ticket = newTicket('ST');
        await d.cas.insertTicket(ticket, {
          kind: 'ST', service, appRef: registered.app.id, userRef: step.user.id, portalSessionRef: step.portal.sessionId,
          authTime: step.authTime, newLogin: step.authTime >= since, mfa: step.mfa, proxies: [], expiresAt: now + TICKET_TTL_MS,
        }, now);
        // Logged when issued, as OpenID Connect logs at the code: the browser is on its way to the application.
        await d.steps.logAccess(step.user, registered.app, q.caller);
        return { kind: 'redirect', location: withTicket(service, ticket) };
      }
    }
  };
}
