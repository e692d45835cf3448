/** Where the identity provider answers, and the names SAML 2.0 gives to what it speaks. */
export const SAML_MOUNT = '/saml';

export const samlUrls = (publicUrl: string) => {
  const base = `${publicUrl.replace(/\/+$/, '')}${SAML_MOUNT}`;
  return { entityId: `${base}/metadata`, metadata: `${base}/metadata`, sso: `${base}/sso`, slo: `${base}/slo` };
};
export type SamlUrls = ReturnType<typeof samlUrls>;

export const NS = {
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  metadata: 'urn:oasis:names:tc:SAML:2.0:metadata',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
  xenc: 'http://www.w3.org/2001/04/xmlenc#',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xs: 'http://www.w3.org/2001/XMLSchema',
} as const;

export const BINDING = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

export const NAME_ID_FORMAT = {
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  email: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  entity: 'urn:oasis:names:tc:SAML:2.0:nameid-format:entity',
} as const;
export type NameIdKind = 'persistent' | 'email' | 'unspecified';

export const ATTRNAME_FORMAT_BASIC = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';

export const STATUS = {
  success: 'urn:oasis:names:tc:SAML:2.0:status:Success',
  requester: 'urn:oasis:names:tc:SAML:2.0:status:Requester',
  responder: 'urn:oasis:names:tc:SAML:2.0:status:Responder',
  versionMismatch: 'urn:oasis:names:tc:SAML:2.0:status:VersionMismatch',
  requestDenied: 'urn:oasis:names:tc:SAML:2.0:status:RequestDenied',
  noPassive: 'urn:oasis:names:tc:SAML:2.0:status:NoPassive',
  invalidNameIdPolicy: 'urn:oasis:names:tc:SAML:2.0:status:InvalidNameIDPolicy',
  noAuthnContext: 'urn:oasis:names:tc:SAML:2.0:status:NoAuthnContext',
  unsupportedBinding: 'urn:oasis:names:tc:SAML:2.0:status:UnsupportedBinding',
  partialLogout: 'urn:oasis:names:tc:SAML:2.0:status:PartialLogout',
} as const;

export const AUTHN_CONTEXT = {
  password: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
  // No standard class names "password and a second factor"; this one is the common choice (Azure AD, Okta).
  mfa: 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
} as const;

export const CONFIRMATION_BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** The only algorithms an inbound signature may use; SHA-1 and everything else are refused. */
export const SIG_ALGS = {
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'sha512',
} as const;
export const DIGEST_ALGS = ['http://www.w3.org/2001/04/xmlenc#sha256', 'http://www.w3.org/2001/04/xmlenc#sha512'] as const;
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
export const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** Clock tolerance for the SP's IssueInstant, and the validity window of what we issue (60 s back, 5 min ahead). */
export const SKEW_MS = 3 * 60 * 1000;
export const NOT_BEFORE_SKEW_MS = 60 * 1000;
export const ASSERTION_TTL_MS = 5 * 60 * 1000;
/** How long a request may wait for its sign-in (the sign-in page, a second factor). */
export const PENDING_TTL_MS = 15 * 60 * 1000;
/** How long an issued SAML session is kept for single logout, at most. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** How long a single logout through the browser may take, and a LogoutRequest we sent may be answered. */
export const LOGOUT_TTL_MS = 5 * 60 * 1000;
/** RelayState: at most 80 bytes (SAML Bindings 3.4.3, 3.5.3). */
export const RELAY_STATE_MAX = 80;
/** Inflated Redirect-binding message, at most (a deflate bomb stops here). */
export const INFLATED_MAX = 64 * 1024;

export const xmlEscape = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** xs:dateTime in UTC with milliseconds, as SAML wants it. */
export const instant = (ms: number): string => new Date(ms).toISOString();

/** An xs:ID: starts with a letter or underscore. */
export const newSamlId = (random: string): string => `_${random}`;

export const certPem = (base64Der: string): string =>
  `-----BEGIN CERTIFICATE-----\n${base64Der.replace(/\s+/g, '').match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
