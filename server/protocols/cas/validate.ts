import { CODE } from '../../../contract/codes.js';
import type { Caller } from '../../composition/context.js';
import { AppError } from '../../platform/lib/errors.js';
import type { User } from '../../organisation/usersRepository.js';
import { PGT_TTL_MS, TICKET_TTL_MS, type CasContext } from './context.js';
import { newTicket } from './login.js';
import type { CasTicket, TicketKind } from './repository.js';
import { failure, proxySuccess, successJson, successXml, type CasAttributes, type CasFailureCode, type CasFormat } from './responses.js';
import { parseService } from './serviceUrl.js';

export interface ValidateQuery {
  ticket?: string;
  service?: string;
  pgtUrl?: string;
  renew: boolean;
  format: CasFormat;
}

/** What a validation endpoint accepts and tells: /serviceValidate takes service tickets, /proxyValidate proxy tickets too; /p3 adds attributes. */
export interface Endpoint { proxies: boolean; attributes: boolean }

type Outcome = { ok: true; ticket: CasTicket; user: User; pgtIou?: string } | { ok: false; code: CasFailureCode; description: string };

const TICKET_MAX = 256;
const refuse = (code: CasFailureCode, description: string): Outcome => ({ ok: false, code, description });

export function casValidation(d: CasContext) {
  /**
   * Takes and checks a ticket. Taken means spent: a ticket presented with the wrong service, a
   * renew it does not satisfy or after its 10 s is gone, whatever follows.
   */
  async function check(q: ValidateQuery, kinds: readonly TicketKind[]): Promise<Outcome> {
    if (!q.ticket || !q.service || q.ticket.length > TICKET_MAX) return refuse('INVALID_REQUEST', 'ticket and service are required');
    if (!kinds.includes('PT') && q.ticket.startsWith('PT-')) return refuse('INVALID_TICKET_SPEC', 'proxy tickets are validated at /proxyValidate');
    const now = d.clock.now();
    const ticket = await d.cas.takeTicket(q.ticket, kinds);
    if (!ticket) return refuse('INVALID_TICKET', 'ticket not recognized');
    if (ticket.expiresAt <= now) return refuse('INVALID_TICKET', 'ticket expired');
    if (ticket.service !== q.service) return refuse('INVALID_SERVICE', 'ticket was not issued for this service');
    if (q.renew && !ticket.newLogin) return refuse('INVALID_TICKET', 'ticket was not issued from a new sign-in (renew)');
    // Signed out (or ended by an administrator) between the ticket and its validation.
    if (!(await d.cas.sessionLive(ticket.portalSessionRef, now))) return refuse('INVALID_TICKET', 'the sign-in session has ended');
    const user = await d.repos.users.findById(ticket.userRef);
    if (!user) return refuse('INVALID_TICKET', 'ticket not recognized');
    return { ok: true, ticket, user };
  }

  /**
   * The proxy callback (CAS 3.0 §2.5.4): an https URL registered to the same application. The
   * PGT is stored first (the proxy may use it the moment it has it) and dropped again when the
   * callback did not take it; only a delivered one is announced by its IOU.
   */
  async function grantPgt(pgtUrl: string, ticket: CasTicket, now: number): Promise<{ iou?: string } | { refused: string }> {
    const url = parseService(pgtUrl);
    if (!url || url.protocol !== 'https:') return { refused: 'the proxy callback must be an https URL' };
    const registered = await d.cas.serviceFor(url);
    if (!registered || registered.app.id !== ticket.appRef || !registered.app.enabled) return { refused: 'the proxy callback is not a registered service of this application' };
    const pgt = newTicket('PGT');
    const iou = newTicket('PGTIOU');
    await d.cas.insertPgt(pgt, {
      appRef: ticket.appRef, userRef: ticket.userRef, portalSessionRef: ticket.portalSessionRef, authTime: ticket.authTime, mfa: ticket.mfa,
      proxies: [pgtUrl, ...ticket.proxies], expiresAt: now + PGT_TTL_MS,
    }, now);
    if (await d.outbound.deliverPgt(pgtUrl, pgt, iou)) return { iou };
    await d.cas.deletePgt(pgt);
    return {};
  }

  async function attributesOf(user: User, ticket: CasTicket): Promise<CasAttributes> {
    const attributes: CasAttributes = { account: user.account, name: user.userName };
    if (user.email) attributes.email = user.email;
    if (user.mobileNo) attributes.phone = user.mobileNo;
    attributes.roles = await d.cas.roleCodes(user.id, ticket.appRef);
    attributes.authenticationDate = new Date(ticket.authTime).toISOString();
    attributes.isFromNewLogin = String(ticket.newLogin);
    // The portal has no "remember me" that outlives a browser session.
    attributes.longTermAuthenticationRequestTokenUsed = 'false';
    return attributes;
  }

  return {
    /** /serviceValidate, /proxyValidate and their /p3 forms: the answer's body. */
    async validate(q: ValidateQuery, endpoint: Endpoint): Promise<string> {
      const outcome = await check(q, endpoint.proxies ? ['ST', 'PT'] : ['ST']);
      if (!outcome.ok) return failure('authentication', q.format, outcome.code, outcome.description);
      const { ticket, user } = outcome;
      const now = d.clock.now();
      let pgtIou: string | undefined;
      if (q.pgtUrl) {
        const granted = await grantPgt(q.pgtUrl, ticket, now);
        if ('refused' in granted) return failure('authentication', q.format, 'INVALID_PROXY_CALLBACK', granted.refused);
        pgtIou = granted.iou;
      }
      // The service now holds a session of this portal session: it hears when that ends.
      await d.cas.link({ portalSessionRef: ticket.portalSessionRef, appRef: ticket.appRef, service: ticket.service, ticket: q.ticket!, account: user.account }, now);
      const success = {
        user: user.account,
        ...(endpoint.attributes ? { attributes: await attributesOf(user, ticket) } : {}),
        ...(pgtIou ? { proxyGrantingTicket: pgtIou } : {}),
        ...(ticket.proxies.length > 0 ? { proxies: ticket.proxies } : {}),
      };
      return q.format === 'JSON' ? successJson(success) : successXml(success);
    },

    /** /validate (CAS 1.0): `yes` and the account, or `no`. */
    async validateV1(q: ValidateQuery): Promise<string> {
      const outcome = await check(q, ['ST']);
      if (!outcome.ok) return 'no\n\n';
      await d.cas.link({ portalSessionRef: outcome.ticket.portalSessionRef, appRef: outcome.ticket.appRef, service: outcome.ticket.service, ticket: q.ticket!, account: outcome.user.account }, d.clock.now());
      return `yes\n${outcome.user.account}\n`;
    },

    /**
     * /proxy: a proxy ticket for `targetService` from a live PGT. The target is checked as a
     * login to it would be (registered, enabled, the user usable, allowed, second factor if it
     * needs one and the original sign-in had none it is refused) and the access is logged.
     */
    async proxy(q: { pgt?: string; targetService?: string; format: CasFormat; caller: Caller }): Promise<string> {
      const fail = (code: CasFailureCode, description: string) => failure('proxy', q.format, code, description);
      if (!q.pgt || !q.targetService || q.pgt.length > TICKET_MAX) return fail('INVALID_REQUEST', 'pgt and targetService are required');
      const now = d.clock.now();
      const pgt = await d.cas.livePgt(q.pgt, now);
      if (!pgt) return fail('INVALID_TICKET', 'pgt not recognized');
      const target = parseService(q.targetService);
      const registered = target && (await d.cas.serviceFor(target));
      if (!registered || !registered.app.enabled) return fail('UNAUTHORIZED_SERVICE_PROXY', 'the target service is not registered');
      const user = await d.repos.users.findById(pgt.userRef);
      if (!user) return fail('INVALID_TICKET', 'pgt not recognized');
      const refusal = await refusalOf(user, registered.app, pgt.mfa);
      if (refusal) {
        await d.steps.logRefusal(user, registered.app, refusal, q.caller);
        return fail('UNAUTHORIZED_SERVICE_PROXY', 'the user may not use the target service');
      }
      const ticket = newTicket('PT');
      await d.cas.insertTicket(ticket, {
        kind: 'PT', service: q.targetService, appRef: registered.app.id, userRef: user.id, portalSessionRef: pgt.portalSessionRef,
        authTime: pgt.authTime, newLogin: false, mfa: pgt.mfa, proxies: pgt.proxies, expiresAt: now + TICKET_TTL_MS,
      }, now);
      await d.steps.logAccess(user, registered.app, q.caller);
      return proxySuccess(q.format, ticket);
    },
  };

  async function refusalOf(user: User, app: { id: number; appId: string; appName: string; enabled: boolean; secondAuthRequired: boolean }, mfa: boolean) {
    try {
      d.services.flow.assertUsable(user);
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
    if (!(await d.repos.apps.hasPermission(user.id, app.id))) return CODE.noAppPermission;
    if (!mfa && (await d.services.factors.policy.requirement(user, app)).required) return CODE.noAppPermission;
    return null;
  }
}
