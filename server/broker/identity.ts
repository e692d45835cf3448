import { MOBILE_PATTERN } from '../../contract/rules.js';
import type { ClaimMapping } from '../../contract/schemas/admin/upstream.js';

/** Who the provider says signed in, after its answer was checked. */
export interface UpstreamIdentity {
  /** The provider's stable id for the person (OIDC `sub`, WeCom userid, DingTalk unionId, Feishu union_id). */
  subject: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  /** An account name in the provider's own directory. */
  account: string | null;
  /** Authentication methods the provider reports (OIDC `amr`); empty when it says nothing. */
  amr: string[];
}

/** A provider's answer could not be trusted (state, code, issuer, audience, signature, expiry, nonce…); `reason` goes to the log only. */
export class UpstreamRefused extends Error {
  override name = 'UpstreamRefused';
}

const STANDARD: Required<ClaimMapping> = {
  subject: 'sub', name: 'name', email: 'email', emailVerified: 'email_verified', phone: 'phone_number', phoneVerified: 'phone_number_verified', account: 'preferred_username',
};

const asText = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : typeof value === 'number' ? String(value) : null);
/** Only a real `true` (or the string some providers send) counts as verified: anything else is not. */
const asVerified = (value: unknown): boolean => value === true || value === 'true';

/** The identity in a set of OpenID Connect claims, read through the provider's claim mapping. */
export function identityFromClaims(claims: Record<string, unknown>, mapping: ClaimMapping | undefined): UpstreamIdentity {
  const m = { ...STANDARD, ...mapping };
  const subject = asText(claims[m.subject]);
  if (!subject) throw new UpstreamRefused(`no ${m.subject} claim`);
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [];
  return {
    subject,
    name: asText(claims[m.name]),
    email: asText(claims[m.email])?.toLowerCase() ?? null,
    emailVerified: asVerified(claims[m.emailVerified]),
    phone: asText(claims[m.phone]),
    phoneVerified: asVerified(claims[m.phoneVerified]),
    account: asText(claims[m.account]),
    amr,
  };
}

/** A mainland number as the portal stores it (11 digits), from "+86 138…", "+86138…" or "138…"; null otherwise. */
export function portalMobile(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[\s-]/g, '').replace(/^\+?86/, '');
  return MOBILE_PATTERN.test(digits) ? digits : null;
}
