import { deflateRawSync } from 'node:zlib';
import type { SamlUpstreamSettings } from '../../contract/schemas/admin/upstream.js';
import { attrOf, childElements, DATE_TIME } from '../protocols/saml/authnRequest.js';
import { AUTHN_CONTEXT, BINDING, CONFIRMATION_BEARER, NAME_ID_FORMAT, NOT_BEFORE_SKEW_MS, NS, STATUS, instant, newSamlId, xmlEscape } from '../protocols/saml/constants.js';
import { parseSafeXml, UnsafeXmlError, XML_MAX_CHARS } from '../protocols/saml/safeXml.js';
import { validateSamlMessage } from '../protocols/saml/schema.js';
import { SignatureError, verifyEnveloped } from '../protocols/saml/verify.js';
import { randomId } from '../platform/lib/crypto.js';
import { UpstreamRefused, type UpstreamIdentity } from './identity.js';

/** What the portal, as a service provider, expects of one provider's Response. */
export interface SamlExpectation {
  /** The provider's entityID (its Issuer). */
  entityId: string;
  certificates: string[];
  /** Ours: the Audience the assertion must be for, and the ACS it must be addressed to. */
  spEntityId: string;
  acsUrl: string;
  /** The ID of the AuthnRequest this trip sent: the Response must answer it. */
  requestId: string;
  now: number;
  saml: SamlUpstreamSettings;
}

/**
 * Authentication contexts that say the provider checked more than one factor: SAML's two-factor
 * classes and the names Entra ID and REFEDS give it. Only these count for "the provider performs MFA".
 */
const MULTIFACTOR = new Set<string>([
  AUTHN_CONTEXT.mfa, 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered', 'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
  'http://schemas.microsoft.com/claims/multipleauthn', 'https://refeds.org/profile/mfa',
]);

const refuse = (why: string): never => { throw new UpstreamRefused(`SAML: ${why}`); };
const children = (node: Element, ns: string, local: string): Element[] => childElements(node).filter((e) => e.namespaceURI === ns && e.localName === local);
const child = (node: Element | undefined, ns: string, local: string): Element | undefined => (node ? children(node, ns, local)[0] : undefined);
const everywhere = (doc: Document, ns: string, local: string): Element[] => Array.from(doc.getElementsByTagNameNS(ns, local));
const textIn = (node: Element | undefined): string | null => { const t = node?.textContent?.trim(); return t ? t : null; };

function time(value: string | null, what: string): number | null {
  if (value === null) return null;
  return DATE_TIME.test(value) ? Date.parse(value) : refuse(`${what} is not a UTC dateTime`);
}

/**
 * The AuthnRequest, by HTTP-Redirect (deflated, base64, RelayState = the trip's state). Unsigned:
 * the provider learns nothing from it it could be tricked with — the answer goes to the ACS its
 * own configuration names, and the Response is what is checked. Its ID is kept with the state.
 */
export function authnRequestUrl(ssoUrl: string, spEntityId: string, acsUrl: string, state: string, now: number): { url: string; requestId: string } {
  const requestId = newSamlId(randomId(24).replace(/[^A-Za-z0-9]/g, 'x'));
  const xml = `<samlp:AuthnRequest xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${requestId}" Version="2.0" IssueInstant="${instant(now)}"`
    + ` Destination="${xmlEscape(ssoUrl)}" AssertionConsumerServiceURL="${xmlEscape(acsUrl)}" ProtocolBinding="${BINDING.post}">`
    + `<saml:Issuer>${xmlEscape(spEntityId)}</saml:Issuer><samlp:NameIDPolicy AllowCreate="true"/></samlp:AuthnRequest>`;
  const url = new URL(ssoUrl);
  url.searchParams.append('SAMLRequest', deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64'));
  url.searchParams.append('RelayState', state);
  return { url: url.toString(), requestId };
}

/** The first value of each attribute, by its Name. */
function attributesOf(assertion: Element): Map<string, string> {
  const values = new Map<string, string>();
  for (const statement of children(assertion, NS.assertion, 'AttributeStatement')) {
    for (const attribute of children(statement, NS.assertion, 'Attribute')) {
      const name = attribute.getAttribute('Name');
      const value = textIn(children(attribute, NS.assertion, 'AttributeValue')[0]);
      if (name && value && !values.has(name)) values.set(name, value.slice(0, 200));
    }
  }
  return values;
}

/** A bearer confirmation for us: our ACS as Recipient, this request, not expired. */
function confirmed(subject: Element, x: SamlExpectation): boolean {
  return children(subject, NS.assertion, 'SubjectConfirmation').some((c) => {
    if (c.getAttribute('Method') !== CONFIRMATION_BEARER) return false;
    const data = child(c, NS.assertion, 'SubjectConfirmationData');
    if (!data || data.getAttribute('Recipient') !== x.acsUrl) return false;
    const inResponseTo = attrOf(data, 'InResponseTo');
    if (inResponseTo !== null && inResponseTo !== x.requestId) return false;
    const notOnOrAfter = time(attrOf(data, 'NotOnOrAfter'), 'SubjectConfirmationData NotOnOrAfter');
    const notBefore = time(attrOf(data, 'NotBefore'), 'SubjectConfirmationData NotBefore');
    return notOnOrAfter !== null && x.now < notOnOrAfter + NOT_BEFORE_SKEW_MS && (notBefore === null || notBefore <= x.now + NOT_BEFORE_SKEW_MS);
  });
}

/**
 * A provider's Response, trusted only after every check (SAML Profiles 4.1.4.3): the XML schema;
 * no DTD; no EncryptedAssertion (not supported, said so); exactly one Assertion in the whole
 * document, a child of the Response, and exactly one signature — on the Response or on that
 * Assertion — verifying with the configured certificates only (verify.ts: the signed element is
 * the one read, so a wrapped copy cannot be); Destination our ACS; InResponseTo the request this
 * trip sent (an unsolicited Response is refused); Status Success; Issuer the provider's entityID;
 * a bearer confirmation for our ACS; Conditions in time and an Audience that is us.
 */
export async function readSamlResponse(base64: string, x: SamlExpectation): Promise<UpstreamIdentity> {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) refuse('the Response is not base64');
  const xml = Buffer.from(base64, 'base64').toString('utf8');
  if (xml.length > XML_MAX_CHARS) refuse('the Response is too large');
  const verdict = await validateSamlMessage(xml);
  if (!verdict.ok) refuse(`schema: ${verdict.error}`);
  let doc: Document;
  try {
    doc = parseSafeXml(xml);
  } catch (error) {
    throw error instanceof UnsafeXmlError ? new UpstreamRefused(`SAML: ${error.message}`) : error;
  }
  const root = doc.documentElement;
  if (root.namespaceURI !== NS.protocol || root.localName !== 'Response') refuse('not a Response');
  if (everywhere(doc, NS.assertion, 'EncryptedAssertion').length) refuse('encrypted assertions are not supported; ask the provider to sign, not encrypt');
  const assertions = everywhere(doc, NS.assertion, 'Assertion');
  if (assertions.length !== 1 || assertions[0].parentNode !== root) refuse('a Response must carry exactly one Assertion');
  const assertion = assertions[0];

  const signatures = everywhere(doc, NS.dsig, 'Signature');
  const signed = signatures.length === 1 && (signatures[0].parentNode === root || signatures[0].parentNode === assertion) ? (signatures[0].parentNode as Element) : null;
  if (!signed) refuse(signatures.length ? 'the signature is not on the Response or its Assertion' : 'not signed');
  try {
    verifyEnveloped(xml, doc, x.certificates, signed as Element);
  } catch (error) {
    throw error instanceof SignatureError ? new UpstreamRefused(`SAML signature: ${error.message}`) : error;
  }

  const destination = attrOf(root, 'Destination');
  if (destination !== x.acsUrl && (destination !== null || signed === root)) refuse('Destination is not our ACS');
  const inResponseTo = attrOf(root, 'InResponseTo');
  if (!inResponseTo) refuse('unsolicited Response (no InResponseTo)');
  if (inResponseTo !== x.requestId) refuse('the Response answers another request');
  const status = child(child(root, NS.protocol, 'Status'), NS.protocol, 'StatusCode')?.getAttribute('Value');
  if (status !== STATUS.success) refuse(`status ${status ?? 'missing'}`);
  const responseIssuer = textIn(child(root, NS.assertion, 'Issuer'));
  if (responseIssuer !== null && responseIssuer !== x.entityId) refuse('the Response comes from another issuer');
  if (textIn(child(assertion, NS.assertion, 'Issuer')) !== x.entityId) refuse('the Assertion comes from another issuer');

  const subject = child(assertion, NS.assertion, 'Subject');
  const nameId = child(subject, NS.assertion, 'NameID');
  const subjectId = textIn(nameId);
  if (!subject || !subjectId || subjectId.length > 200) refuse('no usable NameID');
  if (!confirmed(subject as Element, x)) refuse('no bearer confirmation for our ACS in time');

  const conditions = child(assertion, NS.assertion, 'Conditions');
  if (!conditions) refuse('no Conditions');
  const notBefore = time(attrOf(conditions as Element, 'NotBefore'), 'NotBefore');
  const notOnOrAfter = time(attrOf(conditions as Element, 'NotOnOrAfter'), 'NotOnOrAfter');
  if (notBefore !== null && notBefore > x.now + NOT_BEFORE_SKEW_MS) refuse('not valid yet');
  if (notOnOrAfter !== null && x.now >= notOnOrAfter + NOT_BEFORE_SKEW_MS) refuse('expired');
  const restrictions = children(conditions as Element, NS.assertion, 'AudienceRestriction');
  // Each restriction must be met (SAML Core 2.5.1.4), and one at least must exist: an assertion for anyone is not for us.
  if (!restrictions.length || !restrictions.every((r) => children(r, NS.assertion, 'Audience').some((a) => textIn(a) === x.spEntityId))) refuse('the Audience is not us');

  const attributes = attributesOf(assertion);
  const mapping = x.saml.attributes ?? {};
  const pick = (name: string | undefined) => (name ? attributes.get(name) ?? null : null);
  const emailFromNameId = nameId?.getAttribute('Format') === NAME_ID_FORMAT.email ? subjectId : null;
  const email = (pick(mapping.email) ?? emailFromNameId)?.toLowerCase() ?? null;
  const classRef = textIn(child(child(child(assertion, NS.assertion, 'AuthnStatement'), NS.assertion, 'AuthnContext'), NS.assertion, 'AuthnContextClassRef'));
  return {
    subject: subjectId as string,
    name: pick(mapping.name),
    email,
    // SAML carries no "verified": the administrator's word for this provider, and only for an address it sent.
    emailVerified: !!email && x.saml.emailVerified === true,
    phone: pick(mapping.phone),
    phoneVerified: false,
    account: pick(mapping.account),
    amr: classRef && MULTIFACTOR.has(classRef) ? ['mfa'] : [],
  };
}

/** An identity provider's metadata: its entityID, its HTTP-Redirect SingleSignOnService, its signing certificates. */
export interface SamlIdpMetadata { entityId: string; ssoUrl: string; certificates: string[] }

/** Reads an IdP's metadata (no DTD, no entities: safeXml.ts); anything it lacks is said, not guessed. */
export function readIdpMetadata(xml: string): SamlIdpMetadata {
  let doc: Document;
  try {
    doc = parseSafeXml(xml);
  } catch (error) {
    throw error instanceof UnsafeXmlError ? new UpstreamRefused(`metadata: ${error.message}`) : error;
  }
  const root = doc.documentElement;
  if (root.namespaceURI !== NS.metadata || root.localName !== 'EntityDescriptor') refuse('metadata: not an EntityDescriptor');
  const entityId = root.getAttribute('entityID');
  if (!entityId) refuse('metadata: no entityID');
  const idp = child(root, NS.metadata, 'IDPSSODescriptor');
  if (!idp) refuse('metadata: no IDPSSODescriptor');
  const redirect = children(idp as Element, NS.metadata, 'SingleSignOnService').find((s) => s.getAttribute('Binding') === BINDING.redirect);
  const ssoUrl = redirect?.getAttribute('Location');
  if (!ssoUrl || !/^https?:\/\//.test(ssoUrl)) refuse('metadata: no HTTP-Redirect SingleSignOnService');
  const certificates = children(idp as Element, NS.metadata, 'KeyDescriptor')
    .filter((k) => !k.getAttribute('use') || k.getAttribute('use') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(NS.dsig, 'X509Certificate')))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter((c) => c.length > 0);
  if (!certificates.length) refuse('metadata: no signing certificate');
  return { entityId: entityId as string, ssoUrl: ssoUrl as string, certificates: [...new Set(certificates)].slice(0, 4) };
}
