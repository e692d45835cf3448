import { CODE } from '../../contract/codes.js';
import { LIMITS } from '../../contract/rules.js';
import { ENTITY_ID_PATTERN, type SamlAcs, type SamlParsedMetadata } from '../../contract/schemas/admin/appsSignOn.js';
import { AppError } from '../platform/lib/errors.js';
import { UnsafeXmlError, parseSafeXml } from '../protocols/saml/safeXml.js';
import { describeCertificate, requireCertificate } from './samlCertificates.js';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const SAML2_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const NAME_ID_FORMATS: Record<string, SamlParsedMetadata['nameIdFormat']> = {
  'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent': 'persistent',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress': 'email',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified': 'unspecified',
};
const SIGNING_CERTS_MAX = 4;

const malformed = (detail: string) => new AppError(CODE.samlMetadataMalformed, { detail });
const children = (parent: Element, name: string): Element[] =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === MD && (n as Element).localName === name);
const descendants = (parent: Document | Element, ns: string, name: string): Element[] => Array.from(parent.getElementsByTagNameNS(ns, name));
const isTrue = (value: string | null) => value === 'true' || value === '1';

/** The document, parsed with no DTD, entities or processing instructions; any refusal is a result code. */
export function safeMetadataDocument(xml: string): Document {
  try {
    return parseSafeXml(xml);
  } catch (error) {
    if (!(error instanceof UnsafeXmlError)) throw error;
    if (/declarations|processing instructions/.test(error.message)) throw new AppError(CODE.samlMetadataUnsafe);
    throw malformed(error.message);
  }
}

/** The one service provider the document describes: several in an EntitiesDescriptor are refused, not guessed between. */
function serviceProvider(doc: Document): { entity: Element; sp: Element } {
  const root = doc.documentElement;
  if (root.namespaceURI !== MD || !['EntityDescriptor', 'EntitiesDescriptor'].includes(root.localName)) {
    throw malformed('the root element is not an md:EntityDescriptor');
  }
  const entities = root.localName === 'EntityDescriptor' ? [root] : descendants(root, MD, 'EntityDescriptor');
  const sps = entities.flatMap((entity) => children(entity, 'SPSSODescriptor')
    .filter((sp) => (sp.getAttribute('protocolSupportEnumeration') ?? '').split(/\s+/).includes(SAML2_PROTOCOL))
    .map((sp) => ({ entity, sp })));
  if (sps.length > 1) throw new AppError(CODE.samlMetadataSeveralSps, { count: sps.length });
  if (!sps.length) throw malformed('no SPSSODescriptor for the SAML 2.0 protocol');
  return sps[0];
}

/** Assertion consumer services with the HTTP-POST binding (the only one the portal answers by), exactly one default. */
function consumerServices(sp: Element, skipped: string[]): SamlAcs[] {
  const posts: SamlAcs[] = [];
  for (const [position, acs] of children(sp, 'AssertionConsumerService').entries()) {
    const binding = acs.getAttribute('Binding') ?? '';
    const url = acs.getAttribute('Location') ?? '';
    if (binding !== POST) {
      skipped.push(`AssertionConsumerService ${binding} ${url}`);
      continue;
    }
    const index = Number(acs.getAttribute('index'));
    const isDefault = isTrue(acs.getAttribute('isDefault'));
    posts.push({ url, index: Number.isInteger(index) && index >= 0 && index <= 65_535 ? index : position, isDefault });
  }
  if (!posts.length) throw new AppError(CODE.samlMetadataNoAcs);
  // SAML metadata §2.2.3: the one marked default, else the first not marked false (here: the first).
  const chosen = Math.max(0, posts.findIndex((a) => a.isDefault));
  return posts.map((a, i) => ({ ...a, isDefault: i === chosen }));
}

/** Single logout: the HTTP-POST service if there is one, else HTTP-Redirect. */
function singleLogout(sp: Element, skipped: string[]): Pick<SamlParsedMetadata, 'sloUrl' | 'sloBinding'> {
  const services = children(sp, 'SingleLogoutService');
  const found = (binding: string) => services.find((s) => s.getAttribute('Binding') === binding);
  const chosen = found(POST) ?? found(REDIRECT);
  for (const s of services) if (s !== chosen) skipped.push(`SingleLogoutService ${s.getAttribute('Binding') ?? ''} ${s.getAttribute('Location') ?? ''}`);
  if (!chosen) return { sloUrl: null, sloBinding: null };
  return { sloUrl: chosen.getAttribute('Location') ?? '', sloBinding: chosen.getAttribute('Binding') === POST ? 'post' : 'redirect' };
}

/** Certificates by use; a KeyDescriptor without `use` serves both (metadata §2.4.1.1). */
function certificates(sp: Element): { signing: string[]; encryption: string | null } {
  const signing: string[] = [];
  let encryption: string | null = null;
  for (const key of children(sp, 'KeyDescriptor')) {
    const use = key.getAttribute('use');
    for (const node of descendants(key, DS, 'X509Certificate')) {
      const der = requireCertificate(node.textContent ?? '', 'KeyDescriptor');
      if (use !== 'encryption' && !signing.includes(der) && signing.length < SIGNING_CERTS_MAX) signing.push(der);
      if (use !== 'signing' && encryption === null) encryption = der;
    }
  }
  return { signing, encryption };
}

/**
 * What a service provider's metadata says, in the form's terms: nothing is stored here, the
 * administrator reviews it and saves. Only SAML 2.0 HTTP-POST consumer services count; what the
 * portal does not use is listed as skipped so the form can say so.
 */
export function parseSpMetadata(xml: string): SamlParsedMetadata {
  const { entity, sp } = serviceProvider(safeMetadataDocument(xml));
  const entityId = entity.getAttribute('entityID') ?? '';
  if (!ENTITY_ID_PATTERN.test(entityId) || entityId.length > LIMITS.urlMax) throw malformed('the entityID is missing or not a URI');
  const skipped: string[] = [];
  const acsUrls = consumerServices(sp, skipped);
  const slo = singleLogout(sp, skipped);
  const certs = certificates(sp);
  const formats = children(sp, 'NameIDFormat').map((f) => (f.textContent ?? '').trim());
  const nameIdFormat = formats.map((f) => NAME_ID_FORMATS[f]).find(Boolean) ?? null;
  return {
    entityId, acsUrls, ...slo, nameIdFormat,
    requestsSigned: isTrue(sp.getAttribute('AuthnRequestsSigned')),
    signingCerts: certs.signing.map(describeCertificate),
    encryptionCert: certs.encryption === null ? null : describeCertificate(certs.encryption),
    skipped,
  };
}
