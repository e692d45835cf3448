import type { Caller } from '../../composition/context.js';
import type { Repos } from '../../composition/repositories.js';
import type { Services } from '../../composition/services.js';
import type { Clock } from '../../platform/lib/clock.js';
import { randomId } from '../../platform/lib/crypto.js';
import type { User } from '../../organisation/usersRepository.js';
import { signOnStep, type SignOnApp } from '../signOn/step.js';
import { readAuthnRequest, RequestShapeError, type AuthnRequest } from './authnRequest.js';
import {
  AUTHN_CONTEXT, BINDING, NAME_ID_FORMAT, PENDING_TTL_MS, RELAY_STATE_MAX, SAML_MOUNT, SESSION_TTL_MS, SKEW_MS, STATUS, newSamlId, type NameIdKind, type SamlUrls,
} from './constants.js';
import type { SamlKeys } from './keys.js';
import { decodePost, decodeRedirect, MessageError } from './messages.js';
import type { PendingRequest, SamlRepo, ServiceProvider } from './repository.js';
import { errorResponse, successResponse, type Attribute } from './response.js';
import { parseSafeXml, UnsafeXmlError } from './safeXml.js';
import { validateSamlMessage } from './schema.js';
import { SignatureError, verifyEnveloped, verifyRedirect } from './verify.js';

export interface SamlContext { urls: SamlUrls; clock: Clock; services: Services; repos: Repos; saml: SamlRepo; keys: SamlKeys }

/**
 * What the browser gets: a redirect (the sign-in page, the second factor), a self-submitting form
 * to the SP's registered ACS (a Response, successful or not), or the portal's own error page when
 * the request cannot be trusted enough to answer the SP at all.
 */
export type SamlAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'post'; action: string; fields: Record<string, string> }
  | { kind: 'error'; status: 400 | 403 | 404; code: string };

export interface InboundMessage {
  binding: 'redirect' | 'post';
  samlRequest: unknown;
  relayState: unknown;
  /** Redirect binding: the query string exactly as received (its signature covers these octets). */
  rawQuery: string;
}

const CONTINUE = `${SAML_MOUNT}/continue`;
const fail = (code: string, status: 400 | 403 | 404 = 400): SamlAnswer => ({ kind: 'error', status, code });

/** The NameID format a request may ask for: the registered one, or "unspecified" (= whatever the IdP issues). */
function requestedFormat(sp: ServiceProvider, format: string | null): NameIdKind | null {
  if (!format || format === NAME_ID_FORMAT.unspecified) return sp.nameIdFormat;
  return format === NAME_ID_FORMAT[sp.nameIdFormat] ? sp.nameIdFormat : null;
}

/** SP-initiated and IdP-initiated single sign-on: validated requests, the portal's sign-on step, signed responses. */
export function samlFlow(d: SamlContext) {
  const steps = signOnStep({ services: d.services, repos: d.repos, clock: d.clock });
  const now = () => d.clock.now();

  const signOnApp = (sp: ServiceProvider): SignOnApp => ({ id: sp.appRef, appId: sp.appId, appName: sp.appName, enabled: sp.enabled, secondAuthRequired: sp.secondAuthRequired });

  async function statusAnswer(request: PendingRequest, code: string, subCode: string, relayState: string | null): Promise<SamlAnswer> {
    const key = await d.keys.signing(now());
    const xml = errorResponse({ id: newSamlId(randomId(20)), issuer: d.urls.entityId, destination: request.acsUrl, inResponseTo: request.requestId, now: now(), code, subCode }, key);
    return post(request.acsUrl, xml, relayState);
  }

  const post = (action: string, xml: string, relayState: string | null): SamlAnswer => ({
    kind: 'post', action, fields: { SAMLResponse: Buffer.from(xml, 'utf8').toString('base64'), ...(relayState ? { RelayState: relayState } : {}) },
  });

  async function nameIdOf(sp: ServiceProvider, user: User, kind: NameIdKind): Promise<string | null> {
    if (kind === 'email') return user.email;
    if (kind === 'unspecified') return user.account;
    // Opaque and stable for this user at this SP, different at every other: a keyed digest, never the account.
    return d.services.secrets.digest('saml-persistent', `${sp.appRef}:${user.id}`);
  }

  async function attributesOf(sp: ServiceProvider, user: User): Promise<Attribute[]> {
    const values = async (source: string): Promise<string[]> => {
      switch (source) {
        case 'account': return [user.account];
        case 'name': return [user.userName];
        case 'email': return user.email ? [user.email] : [];
        case 'phone': return user.mobileNo ? [user.mobileNo] : [];
        case 'department': return user.deptName ? [user.deptName] : [];
        case 'roles': return d.saml.roleCodes(user.id, sp.appRef);
        case 'groups': return d.saml.groupCodes(user.id);
        default: return [];
      }
    };
    return Promise.all(sp.attributes.map(async (a) => ({ name: a.name, friendlyName: a.friendlyName ?? null, values: await values(a.source) })));
  }

  /** The sign-on step for a pending request, and its one answer once there is one. */
  async function proceed(sp: ServiceProvider, pendingId: string, request: PendingRequest, portalToken: string | undefined, factorProof: string | undefined, caller: Caller): Promise<SamlAnswer> {
    const step = await steps.decide({
      app: signOnApp(sp), portalToken, back: `${CONTINUE}/${pendingId}`, caller, factorProof,
      signedInSince: request.forceAuthn ? request.receivedAt : undefined, passive: request.isPassive,
    });
    if (step.kind === 'page') return { kind: 'redirect', location: step.location };
    // From here the request gets its one answer: whoever takes it first (a second tab, a replay) gets none.
    if (!(await d.saml.takePending(pendingId, now()))) return fail('request_used');
    if (step.kind === 'passive') return statusAnswer(request, STATUS.responder, STATUS.noPassive, request.relayState);
    if (step.kind === 'refused') {
      // The SP asked: it hears RequestDenied. Launched from "my apps": the portal's own page says so.
      return request.requestId ? statusAnswer(request, STATUS.responder, STATUS.requestDenied, request.relayState) : { kind: 'redirect', location: step.location };
    }

    const { user, portal, authTime, mfa } = step;
    const nameId = await nameIdOf(sp, user, request.nameIdFormat);
    if (!nameId) return statusAnswer(request, STATUS.requester, STATUS.invalidNameIdPolicy, request.relayState);
    const at = now();
    const sessionIndex = newSamlId(randomId(20));
    const key = await d.keys.signing(at);
    const xml = await successResponse({
      issuer: d.urls.entityId, destination: request.acsUrl, inResponseTo: request.requestId, audience: sp.entityId,
      nameId, nameIdFormat: NAME_ID_FORMAT[request.nameIdFormat], sessionIndex, authnInstant: authTime || at,
      authnContext: mfa ? AUTHN_CONTEXT.mfa : AUTHN_CONTEXT.password, attributes: await attributesOf(sp, user), now: at,
      responseId: newSamlId(randomId(20)), assertionId: newSamlId(randomId(20)),
    }, key, sp.encryptionCert);
    await d.saml.saveSession({
      sessionIndex, appRef: sp.appRef, userRef: user.id, portalSessionRef: portal.sessionId, nameId, nameIdFormat: NAME_ID_FORMAT[request.nameIdFormat],
      now: at, expiresAt: at + SESSION_TTL_MS,
    });
    await steps.logAccess(user, signOnApp(sp), caller);
    return post(request.acsUrl, xml, request.relayState);
  }

  async function start(sp: ServiceProvider, request: PendingRequest, portalToken: string | undefined, caller: Caller): Promise<SamlAnswer> {
    const id = randomId(24);
    await d.saml.savePending(id, sp.appRef, request, now(), now() + PENDING_TTL_MS);
    return proceed(sp, id, request, portalToken, undefined, caller);
  }

  function relayStateOf(value: unknown): string | null | undefined {
    if (value === undefined || value === '') return null;
    if (typeof value !== 'string' || Buffer.byteLength(value) > RELAY_STATE_MAX) return undefined;
    return value;
  }

  /** The signature checks of an inbound request; a message naming its SP but unverifiable is refused before anything else is read from it. */
  function verify(sp: ServiceProvider, message: InboundMessage, xml: string, doc: Document, request: AuthnRequest): string | null {
    const queryHasSignature = message.binding === 'redirect' && /(^|&)Signature=/.test(message.rawQuery);
    const hasSignature = message.binding === 'redirect' ? queryHasSignature : request.signed;
    // The Redirect binding carries its signature in the query; one inside the XML there is not the binding's and is refused.
    if (message.binding === 'redirect' && request.signed) return 'invalid_signature';
    const mustVerify = sp.requestsSigned || (hasSignature && sp.signingCerts.length > 0);
    if (!mustVerify) return null;
    if (!hasSignature) return 'signature_required';
    try {
      if (message.binding === 'redirect') verifyRedirect(message.rawQuery, 'SAMLRequest', sp.signingCerts);
      else verifyEnveloped(xml, doc, sp.signingCerts);
    } catch (error) {
      if (error instanceof SignatureError) return 'invalid_signature';
      throw error;
    }
    // A signed request must say where it was sent (SAML Bindings 3.4.5.2, 3.5.5.2).
    return request.destination ? null : 'wrong_destination';
  }

  /** The ACS a response goes to: only ever one registered for the SP; a request naming another is refused, never followed. */
  function acsOf(sp: ServiceProvider, request: AuthnRequest): string | null {
    if (request.acsUrl !== null) return sp.acsUrls.find((a) => a.url === request.acsUrl)?.url ?? null;
    if (request.acsIndex !== null) return sp.acsUrls.find((a) => a.index === request.acsIndex)?.url ?? null;
    return (sp.acsUrls.find((a) => a.isDefault) ?? sp.acsUrls[0])?.url ?? null;
  }

  /** An AuthnRequest by HTTP-Redirect or HTTP-POST. */
  async function inbound(message: InboundMessage, portalToken: string | undefined, caller: Caller): Promise<SamlAnswer> {
    if (typeof message.samlRequest !== 'string' || !message.samlRequest) return fail('missing_request');
    let xml: string;
    let doc: Document;
    let request: AuthnRequest;
    try {
      xml = message.binding === 'redirect' ? decodeRedirect(message.samlRequest) : decodePost(message.samlRequest);
      // The schema first, on the text: nothing is read from a message that does not conform. The hand
      // checks in readAuthnRequest stay: they hold what the schema cannot say (which message, an Issuer).
      if (!(await validateSamlMessage(xml)).ok) return fail('invalid_request');
      doc = parseSafeXml(xml);
      request = readAuthnRequest(doc);
    } catch (error) {
      if (error instanceof MessageError || error instanceof UnsafeXmlError || error instanceof RequestShapeError) return fail('invalid_request');
      throw error;
    }
    const sp = await d.saml.byEntityId(request.issuer);
    if (!sp) return fail('unknown_service_provider', 404);
    const unverified = verify(sp, message, xml, doc, request);
    if (unverified) return fail(unverified, 403);
    if (request.destination !== null && request.destination !== d.urls.sso) return fail('wrong_destination');
    if (request.protocolBinding && request.protocolBinding !== BINDING.post) return fail('unsupported_binding');
    const acsUrl = acsOf(sp, request);
    if (!acsUrl) return fail('acs_not_registered');
    const relayState = relayStateOf(message.relayState);
    if (relayState === undefined) return fail('invalid_relay_state');

    const at = now();
    const answerable: PendingRequest = {
      requestId: request.id, acsUrl, forceAuthn: request.forceAuthn, isPassive: request.isPassive, nameIdFormat: sp.nameIdFormat, relayState, receivedAt: at,
    };
    if (Math.abs(at - request.issueInstant) > SKEW_MS) return statusAnswer(answerable, STATUS.requester, STATUS.requestDenied, relayState);
    if (!(await d.saml.firstUse(sp.appRef, request.id, at, request.issueInstant + SKEW_MS + PENDING_TTL_MS))) return fail('replayed_request');
    const format = requestedFormat(sp, request.nameIdFormat);
    if (!format) return statusAnswer(answerable, STATUS.requester, STATUS.invalidNameIdPolicy, relayState);
    return start(sp, { ...answerable, nameIdFormat: format }, portalToken, caller);
  }

  /** Back from the sign-in page or the second factor. */
  async function resume(pendingId: string, portalToken: string | undefined, factorProof: string | undefined, caller: Caller): Promise<SamlAnswer> {
    const pending = await d.saml.pending(pendingId, now());
    const sp = pending && (await d.saml.byAppRef(pending.appRef));
    if (!pending || !sp) return fail('request_expired');
    return proceed(sp, pendingId, pending.request, portalToken, factorProof, caller);
  }

  /** IdP-initiated ("my apps"): an unsolicited Response to the SP's default ACS. */
  async function launch(appId: string, relayStateValue: unknown, portalToken: string | undefined, caller: Caller): Promise<SamlAnswer> {
    const sp = await d.saml.byAppId(appId);
    const acsUrl = sp && (sp.acsUrls.find((a) => a.isDefault) ?? sp.acsUrls[0])?.url;
    if (!sp || !acsUrl) return fail('unknown_service_provider', 404);
    const relayState = relayStateOf(relayStateValue);
    if (relayState === undefined) return fail('invalid_relay_state');
    return start(sp, { requestId: null, acsUrl, forceAuthn: false, isPassive: false, nameIdFormat: sp.nameIdFormat, relayState, receivedAt: now() }, portalToken, caller);
  }

  return { inbound, resume, launch };
}

export type SamlFlow = ReturnType<typeof samlFlow>;
