import { randomId } from '../../platform/lib/crypto.js';
import { SPA_PATHS } from '../../../contract/paths.js';
import { RequestShapeError } from './authnRequest.js';
import { LOGOUT_TTL_MS, NAME_ID_FORMAT, RELAY_STATE_MAX, SAML_MOUNT, SKEW_MS, STATUS, newSamlId } from './constants.js';
import type { SamlAnswer, SamlContext } from './flow.js';
import { logoutRequestXml, readLogoutRequest, readLogoutResponse, signedRedirectUrl } from './logoutMessages.js';
import type { SamlLogoutRepo } from './logoutRepository.js';
import { decodePost, decodeRedirect, MessageError } from './messages.js';
import type { ServiceProvider } from './repository.js';
import { logoutResponseXml } from './response.js';
import { parseSafeXml, UnsafeXmlError } from './safeXml.js';
import { validateSamlMessage } from './schema.js';
import { signElement } from './sign.js';
import { SignatureError, verifyEnveloped, verifyRedirect } from './verify.js';

export interface LogoutContext extends SamlContext { logouts: SamlLogoutRepo }

/** A message at /saml/slo: an SP's LogoutRequest, or its LogoutResponse to one of ours. */
export interface SloMessage {
  binding: 'redirect' | 'post';
  samlRequest: unknown;
  samlResponse: unknown;
  relayState: unknown;
  /** Redirect binding: the query string exactly as received (its signature covers these octets). */
  rawQuery: string;
}

/** The browser's answer, and whether a portal session was ended (the other protocols' logout sweeps then run). */
export interface SloAnswer { answer: SamlAnswer; endedPortal: boolean }

export const SIGNED_OUT = `${SAML_MOUNT}/signed-out`;
const fail = (code: string, status: 400 | 403 | 404 = 400): SloAnswer => ({ answer: { kind: 'error', status, code }, endedPortal: false });

/**
 * Single logout. An SP's LogoutRequest (SP-initiated) ends the portal session its SAML session
 * came from; the portal's own sign-out does the same from the other side (IdP-initiated). Either
 * way the browser then walks the portal session's other SPs one at a time, front-channel: a
 * signed LogoutRequest to each SP's registered SLO URL, whose LogoutResponse comes back to
 * /saml/slo and sends the browser on; at the end the SP that asked gets its LogoutResponse, or
 * the browser lands on the sign-in page.
 */
/** Whether a message carries a signature: in the query for HTTP-Redirect, inside the XML for HTTP-POST. */
const signatureIn = (message: SloMessage, signedInside: boolean) => (message.binding === 'redirect' ? /(^|&)Signature=/.test(message.rawQuery) : signedInside);

export function samlLogoutFlow(d: LogoutContext) {
  const now = () => d.clock.now();

  /** The same signature rules as for an AuthnRequest (flow.ts): required when the SP says so, checked whenever it has certificates and the message is signed. */
  function unverified(sp: ServiceProvider, message: SloMessage, param: 'SAMLRequest' | 'SAMLResponse', xml: string, doc: Document, signedInside: boolean, destination: string | null): string | null {
    const hasSignature = signatureIn(message, signedInside);
    if (message.binding === 'redirect' && signedInside) return 'invalid_signature';
    if (!(sp.requestsSigned || (hasSignature && sp.signingCerts.length > 0))) return null;
    if (!hasSignature) return 'signature_required';
    try {
      if (message.binding === 'redirect') verifyRedirect(message.rawQuery, param, sp.signingCerts);
      else verifyEnveloped(xml, doc, sp.signingCerts);
    } catch (error) {
      if (error instanceof SignatureError) return 'invalid_signature';
      throw error;
    }
    return destination ? null : 'wrong_destination';
  }

  /** Decoded, schema-validated (the OASIS XSDs, as for AuthnRequests) and parsed safely; the hand checks of logoutMessages.ts follow. */
  async function decode(message: SloMessage, value: string): Promise<{ xml: string; doc: Document }> {
    const xml = message.binding === 'redirect' ? decodeRedirect(value) : decodePost(value);
    const verdict = await validateSamlMessage(xml);
    if (!verdict.ok) throw new RequestShapeError(verdict.error);
    return { xml, doc: parseSafeXml(xml) };
  }
  const malformed = (error: unknown) => error instanceof MessageError || error instanceof UnsafeXmlError || error instanceof RequestShapeError;

  /**
   * What both kinds of message go through first: decoded and read (`invalid` when either fails),
   * from a registered SP, its signature as that SP's rules want, addressed to us. `signed`: the
   * message carried a signature, in its binding's way.
   */
  async function received<M extends { issuer: string; destination: string | null; signed: boolean }>(
    message: SloMessage, value: string, param: 'SAMLRequest' | 'SAMLResponse', read: (doc: Document) => M, invalid: string,
  ): Promise<{ failed: SloAnswer } | { sp: ServiceProvider; msg: M; signed: boolean }> {
    let parsed: { xml: string; doc: Document };
    let msg: M;
    try {
      parsed = await decode(message, value);
      msg = read(parsed.doc);
    } catch (error) {
      if (malformed(error)) return { failed: fail(invalid) };
      throw error;
    }
    const sp = await d.saml.byEntityId(msg.issuer);
    if (!sp) return { failed: fail('unknown_service_provider', 404) };
    const refused = unverified(sp, message, param, parsed.xml, parsed.doc, msg.signed, msg.destination);
    if (refused) return { failed: fail(refused, 403) };
    if (msg.destination !== null && msg.destination !== d.urls.slo) return { failed: fail('wrong_destination') };
    return { sp, msg, signed: signatureIn(message, msg.signed) };
  }

  /** A message to an SP's registered SLO URL by its registered binding, signed either way. */
  async function toSp(sp: ServiceProvider, param: 'SAMLRequest' | 'SAMLResponse', xml: string, id: string, relayState: string | null): Promise<SamlAnswer> {
    const key = await d.keys.signing(now());
    if (sp.sloBinding === 'post') {
      const signed = signElement(xml, id, key);
      return { kind: 'post', action: sp.sloUrl!, fields: { [param]: Buffer.from(signed, 'utf8').toString('base64'), ...(relayState ? { RelayState: relayState } : {}) } };
    }
    return { kind: 'redirect', location: signedRedirectUrl(sp.sloUrl!, param, xml, relayState, key) };
  }

  async function answerSp(sp: ServiceProvider, requestId: string, relayState: string | null, code: string, subCode?: string): Promise<SamlAnswer> {
    const id = newSamlId(randomId(20));
    const xml = logoutResponseXml({ id, issuer: d.urls.entityId, destination: sp.sloUrl!, inResponseTo: requestId, now: now(), code, subCode });
    return toSp(sp, 'SAMLResponse', xml, id, relayState);
  }

  /** The next step of a logout under way: the next SP's LogoutRequest, or the end. */
  async function next(logoutId: string): Promise<SamlAnswer> {
    const done: SamlAnswer = { kind: 'redirect', location: SPA_PATHS.login };
    const logout = await d.logouts.logout(logoutId, now());
    if (!logout) return done;
    for (;;) {
      const share = await d.logouts.takeNext(logout.portalSessionRef, now(), logout.reply?.appRef ?? null);
      if (!share) break;
      const sp = await d.saml.byAppRef(share.appRef);
      if (!sp?.sloUrl) {
        await d.logouts.markPartial(logoutId);
        continue;
      }
      const id = newSamlId(randomId(20));
      const at = now();
      await d.logouts.sent(id, sp.appRef, logoutId, at + LOGOUT_TTL_MS);
      const xml = logoutRequestXml({
        id, issuer: d.urls.entityId, destination: sp.sloUrl, now: at, ttlMs: LOGOUT_TTL_MS, nameId: share.nameId, nameIdFormat: share.nameIdFormat || NAME_ID_FORMAT.unspecified,
        spEntityId: sp.entityId, sessionIndexes: share.sessionIndexes,
      });
      return toSp(sp, 'SAMLRequest', xml, id, null);
    }
    // Whoever closes the logout gives the final answer: a second tab finds it gone and goes to the sign-in page.
    if (!(await d.logouts.close(logoutId)) || !logout.reply) return done;
    const requester = await d.saml.byAppRef(logout.reply.appRef);
    if (!requester?.sloUrl) return done;
    return answerSp(requester, logout.reply.requestId, logout.reply.relayState, STATUS.success, logout.partial ? STATUS.partialLogout : undefined);
  }

  /** Opens a logout of this portal session's SAML sessions; where to send the browser, or null when it holds none. */
  async function open(portalSessionRef: number, reply: { appRef: number; requestId: string; relayState: string | null } | null): Promise<string | null> {
    const at = now();
    await d.logouts.prune(at);
    if (!reply && !(await d.logouts.hasSessions(portalSessionRef, at))) return null;
    const id = randomId(24);
    await d.logouts.open({ id, portalSessionRef, reply, now: at, expiresAt: at + LOGOUT_TTL_MS });
    return id;
  }

  async function request(message: SloMessage, value: string, portalToken: string | undefined): Promise<SloAnswer> {
    const got = await received(message, value, 'SAMLRequest', readLogoutRequest, 'invalid_request');
    if ('failed' in got) return got.failed;
    const { sp, msg: logoutRequest, signed } = got;
    if (!sp.sloUrl) return fail('slo_not_registered');
    const relayState = message.relayState === undefined || message.relayState === '' ? null : message.relayState;
    if (relayState !== null && (typeof relayState !== 'string' || Buffer.byteLength(relayState) > RELAY_STATE_MAX)) return fail('invalid_relay_state');

    const at = now();
    const stale = Math.abs(at - logoutRequest.issueInstant) > SKEW_MS || (logoutRequest.notOnOrAfter !== null && logoutRequest.notOnOrAfter + SKEW_MS <= at);
    if (stale) return { answer: await answerSp(sp, logoutRequest.id, relayState, STATUS.requester, STATUS.requestDenied), endedPortal: false };
    if (!(await d.saml.firstUse(sp.appRef, logoutRequest.id, at, at + 2 * SKEW_MS + LOGOUT_TTL_MS))) return fail('replayed_request');

    // Unsigned and naming no session: only this browser's own portal session may end (a NameID can be guessed, a SessionIndex cannot).
    const own = await d.services.sessions.authenticate(portalToken).then((u) => u.sessionId, () => null);
    let refs = await d.logouts.matching(sp.appRef, logoutRequest.nameId, logoutRequest.sessionIndexes, at);
    if (!signed && !logoutRequest.sessionIndexes.length) refs = refs.filter((r) => r === own);
    // Nothing of ours to end: the principal is signed out here already (SAML Profiles 4.4.4.2), Success.
    if (!refs.length) return { answer: await answerSp(sp, logoutRequest.id, relayState, STATUS.success), endedPortal: false };

    const walked = refs.includes(own ?? -1) ? own! : refs[0];
    const logoutId = (await open(walked, { appRef: sp.appRef, requestId: logoutRequest.id, relayState }))!;
    for (const ref of refs) {
      await d.logouts.endOwn(ref, sp.appRef, at);
      await d.repos.sessions.delete(ref);
    }
    return { answer: await next(logoutId), endedPortal: true };
  }

  async function response(message: SloMessage, value: string): Promise<SloAnswer> {
    const got = await received(message, value, 'SAMLResponse', readLogoutResponse, 'invalid_response');
    if ('failed' in got) return got.failed;
    const { sp, msg: logoutResponseIn } = got;
    // Only an answer to a request we sent to this SP, and only once.
    const logoutId = await d.logouts.answered(logoutResponseIn.inResponseTo, sp.appRef, now());
    if (!logoutId) return fail('unknown_response');
    if (logoutResponseIn.status !== STATUS.success) await d.logouts.markPartial(logoutId);
    return { answer: await next(logoutId), endedPortal: false };
  }

  return {
    /** /saml/slo by HTTP-Redirect or HTTP-POST. */
    async inbound(message: SloMessage, portalToken: string | undefined): Promise<SloAnswer> {
      if (typeof message.samlRequest === 'string' && message.samlRequest) return request(message, message.samlRequest, portalToken);
      if (typeof message.samlResponse === 'string' && message.samlResponse) return response(message, message.samlResponse);
      return fail('missing_request');
    },
    /** /saml/signed-out/{id}: the next step of a logout under way. */
    next,
    /**
     * The portal's sign-out is about to end this session: where the browser goes to carry the
     * LogoutRequests of its SAML sessions, or null when it has none (the sign-out stays as it was).
     */
    async signingOut(portalSessionRef: number): Promise<string | null> {
      const id = await open(portalSessionRef, null);
      return id && `${SIGNED_OUT}/${id}`;
    },
    prune: () => d.logouts.prune(now()),
  };
}

export type SamlLogoutFlow = ReturnType<typeof samlLogoutFlow>;
