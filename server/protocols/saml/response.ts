import { encrypt } from 'xml-encryption';
import { ASSERTION_TTL_MS, ATTRNAME_FORMAT_BASIC, CONFIRMATION_BEARER, NOT_BEFORE_SKEW_MS, NS, certPem, instant, xmlEscape } from './constants.js';
import type { SigningKey } from './keys.js';
import { signElement } from './sign.js';

export interface Attribute { name: string; friendlyName?: string | null; values: string[] }

export interface Issued {
  issuer: string;
  destination: string;
  inResponseTo: string | null;
  audience: string;
  nameId: string;
  nameIdFormat: string;
  sessionIndex: string;
  authnInstant: number;
  authnContext: string;
  attributes: Attribute[];
  now: number;
  responseId: string;
  assertionId: string;
}

const inResponseTo = (id: string | null) => (id ? ` InResponseTo="${xmlEscape(id)}"` : '');

const attributeXml = (a: Attribute) =>
  `<saml:Attribute Name="${xmlEscape(a.name)}" NameFormat="${ATTRNAME_FORMAT_BASIC}"${a.friendlyName ? ` FriendlyName="${xmlEscape(a.friendlyName)}"` : ''}>`
  + a.values.map((v) => `<saml:AttributeValue xsi:type="xs:string">${xmlEscape(v)}</saml:AttributeValue>`).join('')
  + `</saml:Attribute>`;

/** The assertion, unsigned: who (NameID), for whom (Audience, Recipient), how long, how they signed in, what attributes. */
function assertionXml(i: Issued): string {
  const notBefore = instant(i.now - NOT_BEFORE_SKEW_MS);
  const notOnOrAfter = instant(i.now + ASSERTION_TTL_MS);
  const attributes = i.attributes.filter((a) => a.values.length);
  return `<saml:Assertion xmlns:saml="${NS.assertion}" xmlns:xs="${NS.xs}" xmlns:xsi="${NS.xsi}" ID="${i.assertionId}" Version="2.0" IssueInstant="${instant(i.now)}">`
    + `<saml:Issuer>${xmlEscape(i.issuer)}</saml:Issuer>`
    + `<saml:Subject><saml:NameID Format="${xmlEscape(i.nameIdFormat)}" SPNameQualifier="${xmlEscape(i.audience)}">${xmlEscape(i.nameId)}</saml:NameID>`
    + `<saml:SubjectConfirmation Method="${CONFIRMATION_BEARER}"><saml:SubjectConfirmationData${inResponseTo(i.inResponseTo)} NotOnOrAfter="${notOnOrAfter}" Recipient="${xmlEscape(i.destination)}"/></saml:SubjectConfirmation>`
    + `</saml:Subject>`
    + `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(i.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`
    + `<saml:AuthnStatement AuthnInstant="${instant(i.authnInstant)}" SessionIndex="${xmlEscape(i.sessionIndex)}" SessionNotOnOrAfter="${instant(i.now + 12 * 3600 * 1000)}">`
    + `<saml:AuthnContext><saml:AuthnContextClassRef>${i.authnContext}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`
    + (attributes.length ? `<saml:AttributeStatement>${attributes.map(attributeXml).join('')}</saml:AttributeStatement>` : '')
    + `</saml:Assertion>`;
}

function encryptAssertion(assertion: string, certificate: string): Promise<string> {
  const pem = certPem(certificate);
  return new Promise((resolve, reject) => {
    encrypt(assertion, {
      rsa_pub: pem, pem, encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
      keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p', disallowEncryptionWithInsecureAlgorithm: true, warnInsecureAlgorithm: false,
    }, (error: Error | null, result?: string) => (error || !result ? reject(error ?? new Error('encryption failed')) : resolve(result)));
  });
}

const statusXml = (code: string, sub?: string, message?: string) =>
  `<samlp:Status><samlp:StatusCode Value="${code}">${sub ? `<samlp:StatusCode Value="${sub}"/>` : ''}</samlp:StatusCode>`
  + (message ? `<samlp:StatusMessage>${xmlEscape(message)}</samlp:StatusMessage>` : '') + `</samlp:Status>`;

const responseOpen = (id: string, issuer: string, destination: string, requestId: string | null, now: number) =>
  `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${id}" Version="2.0" IssueInstant="${instant(now)}" Destination="${xmlEscape(destination)}"${inResponseTo(requestId)}>`
  + `<saml:Issuer>${xmlEscape(issuer)}</saml:Issuer>`;

/**
 * A successful Response: the assertion signed, then encrypted when the SP registered an
 * encryption certificate, then the Response around it signed as well (RSA-SHA256, exclusive c14n).
 */
export async function successResponse(i: Issued, key: SigningKey, encryptionCert: string | null): Promise<string> {
  const signedAssertion = signElement(assertionXml(i), i.assertionId, key);
  const body = encryptionCert
    ? `<saml:EncryptedAssertion>${await encryptAssertion(signedAssertion, encryptionCert)}</saml:EncryptedAssertion>`
    : signedAssertion;
  const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
  const xml = responseOpen(i.responseId, i.issuer, i.destination, i.inResponseTo, i.now) + statusXml(SUCCESS) + body + `</samlp:Response>`;
  return signElement(xml, i.responseId, key);
}

/** A Response with no assertion: the SP hears why (Requester / Responder and the second-level code). */
export function errorResponse(e: { id: string; issuer: string; destination: string; inResponseTo: string | null; now: number; code: string; subCode?: string; message?: string }, key: SigningKey): string {
  const xml = responseOpen(e.id, e.issuer, e.destination, e.inResponseTo, e.now) + statusXml(e.code, e.subCode, e.message) + `</samlp:Response>`;
  return signElement(xml, e.id, key);
}

/** The answer to an SP's LogoutRequest, unsigned: the HTTP-Redirect binding signs the query, not the XML. */
export function logoutResponseXml(e: { id: string; issuer: string; destination: string; inResponseTo: string; now: number; code: string; subCode?: string }): string {
  return `<samlp:LogoutResponse xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${e.id}" Version="2.0" IssueInstant="${instant(e.now)}" Destination="${xmlEscape(e.destination)}" InResponseTo="${xmlEscape(e.inResponseTo)}">`
    + `<saml:Issuer>${xmlEscape(e.issuer)}</saml:Issuer>${statusXml(e.code, e.subCode)}</samlp:LogoutResponse>`;
}

/** The answer to an SP's LogoutRequest, signed (HTTP-POST). */
export function logoutResponse(e: Parameters<typeof logoutResponseXml>[0], key: SigningKey): string {
  return signElement(logoutResponseXml(e), e.id, key);
}
