import { randomId } from '../../platform/lib/crypto.js';
import type { CasContext } from './context.js';
import { escapeXml } from './responses.js';

/** Links handled per sweep; the next sweep takes the rest. */
const BATCH = 100;

/** The back-channel logout request of CAS 3.0 §2.3.3: a SAML 2.0 LogoutRequest naming the ticket the session began with. */
export function logoutRequest(account: string, ticket: string, now: number): string {
  return `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"`
    + ` ID="LR-${randomId(16)}" Version="2.0" IssueInstant="${new Date(now).toISOString()}">`
    + `<saml:NameID>${escapeXml(account)}</saml:NameID><samlp:SessionIndex>${escapeXml(ticket)}</samlp:SessionIndex></samlp:LogoutRequest>`;
}

/**
 * Single logout: every service that validated a ticket of a portal session which has ended
 * (signed out, ended by an administrator or a password change, expired) gets its logout POST.
 * Each link is claimed by one conditional delete, so instances sweeping together post once; a
 * receiver that fails is logged and not retried (the service's own session times out).
 * Expired tickets and dead proxy-granting tickets are dropped on the way. Returns how many were sent.
 */
export async function sweepEndedSessions(d: CasContext): Promise<number> {
  const now = d.clock.now();
  await d.cas.prune(now);
  const links = await d.cas.ended(now, BATCH);
  const sent = await Promise.all(links.map(async (link) => {
    if (!(await d.cas.claim(link.id))) return false;
    await d.outbound.postLogout(link.service, logoutRequest(link.account, link.ticket, now));
    return true;
  }));
  return sent.filter(Boolean).length;
}
