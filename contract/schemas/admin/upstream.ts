import { z } from 'zod';
import { LIMITS } from '../../rules.js';
import { isoTime, text } from '../common.js';
import { upstreamCode, upstreamKind } from '../upstream.js';

export const linkRule = z.enum(['EMAIL', 'PHONE', 'ACCOUNT']);
export type LinkRule = z.infer<typeof linkRule>;

const httpUrl = text(LIMITS.urlMax).refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL');

/** Metadata as pasted (server/protocols/saml/safeXml.ts reads at most 256 K characters), and one certificate (PEM or base64 DER). */
const SAML_METADATA_MAX = 256 * 1024;
const SAML_CERT_MAX = 16 * 1024;

const claimName = text(LIMITS.typeCodeMax * 2).min(1);

/** Which upstream claim carries which portal attribute (OpenID Connect); the standard claims when unset. */
export const claimMapping = z.object({
  subject: claimName.optional(),
  name: claimName.optional(),
  email: claimName.optional(),
  emailVerified: claimName.optional(),
  phone: claimName.optional(),
  phoneVerified: claimName.optional(),
  account: claimName.optional(),
});
export type ClaimMapping = z.infer<typeof claimMapping>;

/** Which SAML attribute (its Name) carries which portal attribute; the subject is always the NameID. */
export const samlAttributeMapping = z.object({
  name: claimName.optional(),
  email: claimName.optional(),
  phone: claimName.optional(),
  account: claimName.optional(),
});

/**
 * A SAML 2.0 identity provider: its metadata pasted (metadataXml, read when saved and not kept) or
 * fetched from metadataUrl, which fill ssoUrl (HTTP-Redirect) and its signing certificates; clientId
 * holds its entityID. SAML says nothing of whether an email was checked: emailVerified is the
 * administrator's word for this provider, off unless set.
 */
export const samlUpstreamSettings = z.object({
  metadataXml: text(SAML_METADATA_MAX).optional(),
  metadataUrl: httpUrl.optional(),
  ssoUrl: httpUrl.optional(),
  certificates: z.array(text(SAML_CERT_MAX).min(1)).max(4).optional(),
  attributes: samlAttributeMapping.optional(),
  emailVerified: z.boolean().optional(),
});
export type SamlUpstreamSettings = z.infer<typeof samlUpstreamSettings>;

/**
 * A provider's settings besides its secret. OIDC: discoveryUrl, clientId, scopes, claims.
 * WeCom: clientId is the corp id, agentId the application. DingTalk and Feishu: clientId is the
 * app key / app id. SAML: clientId is the IdP's entityID, the rest is in `saml`. apiBase replaces the vendor's API origin (a private deployment, a test stand-in).
 */
export const upstreamSettings = z.object({
  discoveryUrl: httpUrl.optional(),
  clientId: text(LIMITS.textMax).min(1),
  scopes: text(LIMITS.textMax).optional(),
  claims: claimMapping.optional(),
  agentId: text(LIMITS.typeCodeMax).optional(),
  apiBase: httpUrl.optional(),
  saml: samlUpstreamSettings.optional(),
});
export type UpstreamSettings = z.infer<typeof upstreamSettings>;

export const upstreamSaveBody = z.object({
  code: upstreamCode.min(1),
  name: text(100).min(1),
  kind: upstreamKind,
  enabled: z.boolean(),
  settings: upstreamSettings,
  /** Write-only: omitted keeps the stored secret. */
  clientSecret: text(LIMITS.textMax).min(1).optional(),
  linkRule,
  askBind: z.boolean(),
  jit: z.boolean(),
  providerMfa: z.boolean(),
  /** The applications whose sign-in page shows the button; null: every one. */
  appIds: z.array(text(LIMITS.appIdMax).min(1)).max(200).nullable(),
  sortOrder: z.number().int().min(0).max(9999),
});
export type UpstreamSaveBody = z.infer<typeof upstreamSaveBody>;

export const upstreamRefBody = z.object({ code: upstreamCode.min(1) });

export const adminUpstreamProvider = upstreamSaveBody.omit({ clientSecret: true }).extend({
  hasSecret: z.boolean(),
  links: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type AdminUpstreamProvider = z.infer<typeof adminUpstreamProvider>;
