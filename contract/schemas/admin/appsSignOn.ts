import { z } from 'zod';
import { LIMITS } from '../../rules.js';
import { intIn, isoTime, recordId, text } from '../common.js';
import { oidcUriProblem, type OidcUriProblem } from './apps.js';

export { SIGN_ON_PROTOCOLS, type SignOnProtocol } from './apps.js';

/** Largest SP metadata document accepted, in characters (the SAML parser's own ceiling). */
export const SAML_METADATA_MAX_CHARS = 256 * 1024;
/** Bytes a request carrying such a document may have once JSON-escaped and UTF-8 encoded. */
export const SAML_METADATA_BODY_BYTES = 1024 * 1024;
export const SAML_NAME_ID_FORMATS = ['persistent', 'email', 'unspecified'] as const;
export const SAML_SLO_BINDINGS = ['post', 'redirect'] as const;
/** Where an attribute's value comes from: the person's account fields, their roles in this application, their groups. */
export const SAML_ATTRIBUTE_SOURCES = ['account', 'name', 'email', 'phone', 'department', 'roles', 'groups'] as const;
export const CAS_MATCHES = ['exact', 'prefix'] as const;
export type CasMatch = (typeof CAS_MATCHES)[number];

const SAML_ACS_MAX = 20;
const SAML_ATTRIBUTES_MAX = 30;
const SAML_CERTS_MAX = 4;
const CAS_SERVICES_MAX = 50;
/** A certificate as pasted (PEM) or as metadata carries it (base64 DER): 16 KB covers any real one. */
const CERT_MAX = 16 * 1024;
const ATTRIBUTE_NAME_MAX = 256;

const URI_MESSAGES: Record<OidcUriProblem, string> = {
  url: 'must be an absolute http(s) URL without spaces',
  fragment: 'must not contain a fragment (#)',
  http: 'must use https (http only for localhost, 127.0.0.1 or [::1])',
  credentials: 'must not contain a user name or password',
};

/**
 * An address the identity provider sends a browser to with an assertion or a logout message:
 * the same rules as an OpenID Connect redirect URI (absolute, no fragment or user info, https
 * unless the host is the machine itself), since what travels there is as good as a password.
 */
const endpointUrl = text(LIMITS.urlMax).superRefine((value, ctx) => {
  const problem = oidcUriProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: URI_MESSAGES[problem] });
});

/** An entity ID is a URI (SAML core §8.3.6): usually the SP's metadata URL, sometimes a URN. */
export const ENTITY_ID_PATTERN = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/;
const entityId = text(LIMITS.urlMax).min(1).regex(ENTITY_ID_PATTERN, 'must be a URI (such as the SP metadata URL or a URN) without spaces');

export const samlAcs = z.object({
  url: endpointUrl,
  index: intIn(0, 65_535),
  isDefault: z.boolean(),
});
export type SamlAcs = z.infer<typeof samlAcs>;

export const samlAttribute = z.object({
  source: z.enum(SAML_ATTRIBUTE_SOURCES),
  name: text(ATTRIBUTE_NAME_MAX).min(1).regex(/^\S+$/, 'must not contain spaces'),
  friendlyName: text(ATTRIBUTE_NAME_MAX).nullable(),
});
export type SamlAttribute = z.infer<typeof samlAttribute>;

const certificate = text(CERT_MAX).min(1);
const distinct = <T>(key: (item: T) => unknown) => (list: T[]) => new Set(list.map(key)).size === list.length;

export const samlSaveBody = z.object({
  id: recordId(),
  entityId,
  acsUrls: z.array(samlAcs).min(1, 'at least one assertion consumer service').max(SAML_ACS_MAX)
    .refine(distinct((a: SamlAcs) => a.index), 'each index once')
    .refine(distinct((a: SamlAcs) => a.url), 'each address once'),
  sloUrl: endpointUrl.nullable(),
  sloBinding: z.enum(SAML_SLO_BINDINGS).nullable(),
  nameIdFormat: z.enum(SAML_NAME_ID_FORMATS),
  attributes: z.array(samlAttribute).max(SAML_ATTRIBUTES_MAX).refine(distinct((a: SamlAttribute) => a.name), 'each attribute name once'),
  requestsSigned: z.boolean(),
  /** PEM or base64 DER; stored as base64 DER. */
  signingCerts: z.array(certificate).max(SAML_CERTS_MAX),
  encryptionCert: certificate.nullable(),
  /** The metadata document the settings were imported from, kept as given (null: entered by hand). */
  metadataXml: text(SAML_METADATA_MAX_CHARS).min(1).nullable(),
}).refine((body) => (body.sloUrl === null) === (body.sloBinding === null), { message: 'a single logout URL needs its binding, and a binding its URL', path: ['sloBinding'] });
export type SamlSaveBody = z.infer<typeof samlSaveBody>;

export const samlMetadataBody = z.object({ xml: text(SAML_METADATA_MAX_CHARS).min(1) });

/** A certificate as the workbench shows it: whose, until when, which (SHA-256 fingerprint), and the value itself. */
export const samlCertificate = z.object({
  /** base64 DER */
  der: z.string(),
  subject: z.string(),
  notAfter: isoTime,
  fingerprint: z.string(),
});
export type SamlCertificate = z.infer<typeof samlCertificate>;

/** An application's registered SAML service provider. */
export const samlSp = z.object({
  entityId: z.string(),
  acsUrls: z.array(samlAcs),
  sloUrl: z.string().nullable(),
  sloBinding: z.enum(SAML_SLO_BINDINGS).nullable(),
  nameIdFormat: z.enum(SAML_NAME_ID_FORMATS),
  attributes: z.array(samlAttribute),
  requestsSigned: z.boolean(),
  signingCerts: z.array(samlCertificate),
  encryptionCert: samlCertificate.nullable(),
  metadataXml: z.string().nullable(),
  updatedAt: isoTime,
});
export type SamlSp = z.infer<typeof samlSp>;

/** What an SP's metadata says, for the form to show before anything is saved. */
export const samlParsedMetadata = z.object({
  entityId: z.string(),
  acsUrls: z.array(samlAcs),
  sloUrl: z.string().nullable(),
  sloBinding: z.enum(SAML_SLO_BINDINGS).nullable(),
  /** null: the metadata names no format the portal issues (the form keeps its choice). */
  nameIdFormat: z.enum(SAML_NAME_ID_FORMATS).nullable(),
  requestsSigned: z.boolean(),
  signingCerts: z.array(samlCertificate),
  encryptionCert: samlCertificate.nullable(),
  /** Services the portal does not use, by binding: an ACS other than HTTP-POST, for instance. */
  skipped: z.array(z.string()),
});
export type SamlParsedMetadata = z.infer<typeof samlParsedMetadata>;

/** What a service provider is configured with: the portal's identity provider. */
export const samlIdp = z.object({ entityId: z.string(), metadataUrl: z.string(), ssoUrl: z.string(), sloUrl: z.string() });
export type SamlIdp = z.infer<typeof samlIdp>;
export const samlGetAnswer = z.object({ sp: samlSp.nullable(), idp: samlIdp });
export type SamlGetAnswer = z.infer<typeof samlGetAnswer>;

export type CasServiceProblem = OidcUriProblem | 'wildcard' | 'prefixPath' | 'prefixQuery';
const CAS_MESSAGES: Record<CasServiceProblem, string> = {
  ...URI_MESSAGES,
  wildcard: 'must not contain a wildcard (*): list each service, or a prefix',
  prefixPath: 'a prefix must include a path, at least "/" after the host',
  prefixQuery: 'a prefix must end in its path (no query)',
};

/**
 * Why a CAS service URL is refused, or null. A prefix without a path would match other hosts
 * ("https://app.example.com" is a prefix of "https://app.example.com.evil.test"), and a wildcard
 * is how open registries leak tickets to whoever can name a matching host.
 */
export function casServiceProblem(url: string, match: CasMatch): CasServiceProblem | null {
  const problem = oidcUriProblem(url);
  if (problem) return problem;
  if (url.includes('*')) return 'wildcard';
  if (match === 'prefix' && !/^https?:\/\/[^/?#]+\//i.test(url)) return 'prefixPath';
  if (match === 'prefix' && url.includes('?')) return 'prefixQuery';
  return null;
}

export const casService = z.object({ url: text(LIMITS.urlMax), match: z.enum(CAS_MATCHES) }).superRefine((service, ctx) => {
  const problem = casServiceProblem(service.url, service.match);
  if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: CAS_MESSAGES[problem] });
});
export type CasService = z.infer<typeof casService>;

/** The whole list: what is not in it is no longer a service of the application (empty: not a CAS application). */
export const casSaveBody = z.object({
  id: recordId(),
  services: z.array(casService).max(CAS_SERVICES_MAX).refine(distinct((s: CasService) => s.url), 'each URL once'),
});
export const casGetAnswer = z.object({
  services: z.array(z.object({ url: z.string(), match: z.enum(CAS_MATCHES), createdAt: isoTime })),
  /** Where the application's CAS client points: the server's base (it appends /login, /serviceValidate…). */
  casServerUrl: z.string(),
});
export type CasGetAnswer = z.infer<typeof casGetAnswer>;
