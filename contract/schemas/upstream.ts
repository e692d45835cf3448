import { z } from 'zod';
import { LIMITS } from '../rules.js';
import { deviceFields, text } from './common.js';
import { loginResponse } from './auth.js';

/** The kinds of identity provider a person may sign in through (server/broker). */
export const UPSTREAM_KINDS = ['OIDC', 'SAML', 'WECOM', 'DINGTALK', 'FEISHU'] as const;
export const upstreamKind = z.enum(UPSTREAM_KINDS);
export type UpstreamKind = z.infer<typeof upstreamKind>;

/** A provider's short name: its key, the `source` of its links and part of no URL but its own query. */
export const upstreamCode = text(LIMITS.typeCodeMax).regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, "-" or "_"');

const key = text(LIMITS.keyMax).min(1);
const cipher = text(LIMITS.cipherMax).min(1).regex(/^[0-9a-fA-F]+$/, 'must be SM2 ciphertext (hex)');

/** GET upstream/providers: the buttons of the sign-in page, for one application or none. */
export const upstreamListQuery = z.object({ appId: text(LIMITS.appIdMax).optional() });
export const upstreamButton = z.object({ code: z.string(), name: z.string(), kind: upstreamKind });
export type UpstreamButton = z.infer<typeof upstreamButton>;

/** GET upstream/start: a browser leaving for the provider, with where it was going. */
export const upstreamStartQuery = z.object({
  provider: upstreamCode,
  appId: text(LIMITS.appIdMax).optional(),
  redirect: text(LIMITS.returnPathMax).optional(),
});

/**
 * GET upstream/callback: the provider's answer. OpenID Connect, WeCom and Feishu send `code`;
 * DingTalk's current QR login sends `authCode` (and `code` for the old one).
 */
export const upstreamCallbackQuery = z.object({
  state: text(LIMITS.keyMax).optional(),
  code: text(LIMITS.textMax * 10).optional(),
  authCode: text(LIMITS.textMax * 10).optional(),
  error: text(LIMITS.textMax).optional(),
  error_description: text(LIMITS.textMax * 5).optional(),
  iss: text(LIMITS.urlMax).optional(),
});

/** POST upstream/finish: the sign-in page takes over the proven upstream identity. */
export const upstreamFinishBody = z.object({ ticket: key, ...deviceFields });
export const upstreamFinishResult = z.object({
  /** signedIn: `response` is the usual sign-in answer; bind: the person proves a portal account (srmi). */
  kind: z.enum(['signedIn', 'bind']),
  response: loginResponse.nullable(),
  srmi: z.string().nullable(),
  providerName: z.string(),
  upstreamName: z.string().nullable(),
});
export type UpstreamFinishResult = z.infer<typeof upstreamFinishResult>;

/** POST upstream/bind: the portal account and password (SM2, as the password sign-in sends them). */
export const upstreamBindBody = z.object({
  srmi: key,
  userId: cipher,
  password: cipher,
  validCode: text(LIMITS.codeMax).optional(),
  capKey: text(LIMITS.captchaKeyMax).optional(),
  ...deviceFields,
});
