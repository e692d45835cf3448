import { createSign } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import {
  DATE_TIME, NCNAME, RequestShapeError, assertAttributes, assertElementOnly, attrOf, childElements, textOf,
} from './authnRequest.js';
import { NAME_ID_FORMAT, NS, RSA_SHA256, instant, xmlEscape } from './constants.js';
import type { SigningKey } from './keys.js';

export interface LogoutRequestIn {
  id: string;
  issueInstant: number;
  notOnOrAfter: number | null;
  issuer: string;
  destination: string | null;
  nameId: string;
  sessionIndexes: string[];
  signed: boolean;
}

export interface LogoutResponseIn {
  id: string;
  issuer: string;
  destination: string | null;
  inResponseTo: string;
  status: string;
  signed: boolean;
}

const NAME_ID_ATTRIBUTES = new Set(['Format', 'NameQualifier', 'SPNameQualifier', 'SPProvidedID']);

/** The root's children in the schema's order, each at most once unless `repeatable`; anything else is a refusal. */
function ordered(root: Element, allowed: [ns: string, local: string][], repeatable = new Set<string>()): Map<string, Element[]> {
  const found = new Map<string, Element[]>();
  let position = 0;
  for (const child of childElements(root)) {
    const at = allowed.findIndex(([ns, local], i) => i >= position && ns === child.namespaceURI && local === child.localName);
    if (at < 0) throw new RequestShapeError(`${child.localName} not allowed here`);
    if (at === position - 1 && !repeatable.has(child.localName)) throw new RequestShapeError(`${child.localName} twice`);
    position = repeatable.has(child.localName) ? at : at + 1;
    found.set(child.localName, [...(found.get(child.localName) ?? []), child]);
  }
  return found;
}

/** ID, Version 2.0, IssueInstant in UTC: what every SAML protocol message carries (RequestAbstractType / StatusResponseType). */
function common(root: Element): { id: string; issueInstant: number } {
  if (root.getAttribute('Version') !== '2.0') throw new RequestShapeError('version must be 2.0');
  const id = root.getAttribute('ID') ?? '';
  if (!NCNAME.test(id)) throw new RequestShapeError('ID is not an xs:ID');
  const text = root.getAttribute('IssueInstant') ?? '';
  const issueInstant = DATE_TIME.test(text) ? Date.parse(text) : NaN;
  if (!Number.isFinite(issueInstant)) throw new RequestShapeError('IssueInstant is not a UTC xs:dateTime');
  return { id, issueInstant };
}

function issuerOf(node: Element | undefined): string {
  if (!node) throw new RequestShapeError('no Issuer');
  assertAttributes(node, NAME_ID_ATTRIBUTES);
  const format = node.getAttribute('Format');
  if (format && format !== NAME_ID_FORMAT.entity) throw new RequestShapeError('Issuer format must be entity');
  const issuer = textOf(node);
  if (!issuer) throw new RequestShapeError('empty Issuer');
  return issuer;
}

/**
 * Reads a LogoutRequest as the SAML 2.0 protocol schema allows it: Issuer (required by the
 * profile), Signature, Extensions, a NameID (BaseID and EncryptedID are not issued by this IdP,
 * so never asked about), then any SessionIndex; the attributes of RequestAbstractType plus
 * NotOnOrAfter and Reason. Separate from the SLO flow so that schema validation can run first.
 */
export function readLogoutRequest(doc: Document): LogoutRequestIn {
  const root = doc.documentElement;
  if (root.namespaceURI !== NS.protocol || root.localName !== 'LogoutRequest') throw new RequestShapeError('not a LogoutRequest');
  assertAttributes(root, new Set(['ID', 'Version', 'IssueInstant', 'Destination', 'Consent', 'NotOnOrAfter', 'Reason']));
  assertElementOnly(root);
  const { id, issueInstant } = common(root);
  const notOnOrAfterText = attrOf(root, 'NotOnOrAfter');
  const notOnOrAfter = notOnOrAfterText === null ? null : DATE_TIME.test(notOnOrAfterText) ? Date.parse(notOnOrAfterText) : NaN;
  if (notOnOrAfter !== null && !Number.isFinite(notOnOrAfter)) throw new RequestShapeError('NotOnOrAfter is not a UTC xs:dateTime');
  const found = ordered(root, [
    [NS.assertion, 'Issuer'], [NS.dsig, 'Signature'], [NS.protocol, 'Extensions'], [NS.assertion, 'NameID'], [NS.protocol, 'SessionIndex'],
  ], new Set(['SessionIndex']));
  const nameIdNode = found.get('NameID')?.[0];
  if (!nameIdNode) throw new RequestShapeError('no NameID');
  assertAttributes(nameIdNode, NAME_ID_ATTRIBUTES);
  const nameId = textOf(nameIdNode);
  if (!nameId) throw new RequestShapeError('empty NameID');
  const sessionIndexes = (found.get('SessionIndex') ?? []).map((node) => {
    assertAttributes(node, new Set());
    const value = textOf(node);
    if (!value || value.length > 64) throw new RequestShapeError('SessionIndex is not one of ours');
    return value;
  });
  return {
    id, issueInstant, notOnOrAfter, issuer: issuerOf(found.get('Issuer')?.[0]), destination: attrOf(root, 'Destination'), nameId, sessionIndexes,
    signed: found.has('Signature'),
  };
}

/** Reads a LogoutResponse (StatusResponseType): Issuer, Signature, Extensions, Status; InResponseTo required, since we only accept answers to our requests. */
export function readLogoutResponse(doc: Document): LogoutResponseIn {
  const root = doc.documentElement;
  if (root.namespaceURI !== NS.protocol || root.localName !== 'LogoutResponse') throw new RequestShapeError('not a LogoutResponse');
  assertAttributes(root, new Set(['ID', 'InResponseTo', 'Version', 'IssueInstant', 'Destination', 'Consent']));
  assertElementOnly(root);
  const { id } = common(root);
  const inResponseTo = root.getAttribute('InResponseTo') ?? '';
  if (!NCNAME.test(inResponseTo)) throw new RequestShapeError('InResponseTo is not an xs:ID');
  const found = ordered(root, [[NS.assertion, 'Issuer'], [NS.dsig, 'Signature'], [NS.protocol, 'Extensions'], [NS.protocol, 'Status']]);
  const status = found.get('Status')?.[0];
  const code = status && childElements(status)[0];
  if (!code || code.namespaceURI !== NS.protocol || code.localName !== 'StatusCode') throw new RequestShapeError('no StatusCode');
  return {
    id, issuer: issuerOf(found.get('Issuer')?.[0]), destination: attrOf(root, 'Destination'), inResponseTo, status: code.getAttribute('Value') ?? '',
    signed: found.has('Signature'),
  };
}

/** The LogoutRequest the IdP sends an SP (unsigned here: the binding signs it). */
export function logoutRequestXml(r: { id: string; issuer: string; destination: string; now: number; ttlMs: number; nameId: string; nameIdFormat: string; spEntityId: string; sessionIndexes: string[] }): string {
  return `<samlp:LogoutRequest xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${r.id}" Version="2.0" IssueInstant="${instant(r.now)}"`
    + ` Destination="${xmlEscape(r.destination)}" NotOnOrAfter="${instant(r.now + r.ttlMs)}">`
    + `<saml:Issuer>${xmlEscape(r.issuer)}</saml:Issuer>`
    + `<saml:NameID Format="${xmlEscape(r.nameIdFormat)}" SPNameQualifier="${xmlEscape(r.spEntityId)}">${xmlEscape(r.nameId)}</saml:NameID>`
    + r.sessionIndexes.map((s) => `<samlp:SessionIndex>${xmlEscape(s)}</samlp:SessionIndex>`).join('')
    + `</samlp:LogoutRequest>`;
}

/**
 * HTTP-Redirect binding, signed (SAML Bindings 3.4.4.1): the message DEFLATEd and base64'd, and
 * the signature over the query exactly as it is sent (message, RelayState, SigAlg, in that order).
 */
export function signedRedirectUrl(location: string, param: 'SAMLRequest' | 'SAMLResponse', xml: string, relayState: string | null, key: SigningKey): string {
  const parts = [`${param}=${encodeURIComponent(deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64'))}`];
  if (relayState) parts.push(`RelayState=${encodeURIComponent(relayState)}`);
  parts.push(`SigAlg=${encodeURIComponent(RSA_SHA256)}`);
  const signed = parts.join('&');
  const signature = createSign('sha256').update(signed).sign(key.privateKeyPem, 'base64');
  return `${location}${location.includes('?') ? '&' : '?'}${signed}&Signature=${encodeURIComponent(signature)}`;
}
