import { z } from 'zod';
import { LIMITS, LOGIN_TYPES, CAPTCHA_STRATEGIES } from '../rules.js';
import { INT32_MAX, deviceFields, intIn, text } from './common.js';

const cipher = text(LIMITS.cipherMax).min(1).regex(/^[0-9a-fA-F]+$/, 'must be SM2 ciphertext (hex)');

export const loginCheckBody = z.object({
  userId: cipher,
  password: cipher,
  ...deviceFields,
  authType: text(LIMITS.typeCodeMax).optional(),
  loginType: z.enum(LOGIN_TYPES).optional(),
  /** Captcha answer (picture text) when the server asked for one. */
  validCode: text(LIMITS.codeMax).optional(),
  /** Key of the captcha the answer belongs to (capKey of pacas/get-valid-code). */
  requestId: text(LIMITS.captchaKeyMax).optional(),
  capKey: text(LIMITS.captchaKeyMax).optional(),
  appId: text(LIMITS.appIdMax).optional(),
  query: z.record(text(LIMITS.queryKeyMax), text()).optional(),
});
export type LoginCheckBody = z.infer<typeof loginCheckBody>;

export const ipCheckBody = z.object({ sceneCode: text(LIMITS.typeCodeMax).optional() });

export const appLoginConfigBody = z.object({
  appId: text(LIMITS.appIdMax).optional(),
  clientId: text(LIMITS.clientIdMax).optional(),
});

/** The application a sign-in page was reached from (its appId, as the launch or the OpenID Connect interaction passes it). */
export const appBrandBody = z.object({ appId: text(LIMITS.appIdMax) });
/** Its display name and icon, or null for an unknown or disabled one: nothing else about it. */
export const appBrand = z.object({ appName: z.string(), icon: z.string().nullable() }).nullable();
export type AppBrand = z.infer<typeof appBrand>;

/** Whether the caller's browser holds a live session: a public page asks this instead of a call that would answer 401. */
export const sessionState = z.object({ signedIn: z.boolean() });

export const logoutBody = z.object({ ...deviceFields });
/**
 * singleLogout: where the browser goes next (a full page load) so that the SAML service providers
 * the session signed in to get their LogoutRequests through it; null when there are none.
 */
export const logoutResult = z.object({ singleLogout: z.string().nullable() });
export type LogoutResult = z.infer<typeof logoutResult>;

export const captchaBody = z.object({ mobileNo: text(LIMITS.mobileMax).optional() }).optional();

export const loginPageConfigBody = z.object({ isOptions: z.union([z.boolean(), intIn(0, INT32_MAX), text(LIMITS.flagTextMax)]).optional() }).optional();

export const loginTypeConfig = z.object({
  code: z.enum(LOGIN_TYPES),
  authCategoryName: z.string(),
  authCategoryCode: z.string(),
  isPriorityShow: z.boolean(),
  adAuthEnable: z.boolean(),
  captchaStrategy: z.literal(CAPTCHA_STRATEGIES),
  forgetPasswordUrl: z.string(),
  updatePasswordUrl: z.string(),
  umSelfHelpUrl: z.string(),
  adSelfHelpUrl: z.string(),
});
export type LoginTypeConfig = z.infer<typeof loginTypeConfig>;

export const loginPageConfig = z.object({
  id: z.string(),
  imageUrl: z.string(),
  logoUrl: z.string(),
  companyName: z.string(),
  versionInfo: z.string(),
  /** Self-registration is open (the registration policy): the sign-in page links to it, the register page shows its form. */
  registrationEnabled: z.boolean(),
});
export type LoginPageConfig = z.infer<typeof loginPageConfig>;

export const selfServiceStep = z.object({
  /** ENROL-FACTOR: a second factor is required and the user has none that passes; `message` says which kind: PASSKEY or ANY. */
  code: z.enum(['BIND-PHONE', 'UPDATE-PASSWORD', 'ENROL-FACTOR', 'FINISH']),
  title: z.string(),
  message: z.string(),
});
export type SelfServiceStep = z.infer<typeof selfServiceStep>;

/** Where a sign-in step leaves the browser: signed in (instanceId), or on to a step or the second factor (srmi). */
export const loginResponse = z.object({
  passwordExpireDays: z.number().int(),
  secondAuth: z.boolean(),
  steps: z.array(selfServiceStep),
  srmi: z.string().nullable(),
  appId: z.string().nullable(),
  instanceId: z.string().nullable(),
  userId: z.string(),
  redirectUrl: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const sm2Key = z.object({ pubX: z.string(), pubY: z.string() });
export type Sm2Key = z.infer<typeof sm2Key>;

export const captchaResult = z.object({
  data: z.string(),
  capKey: z.string(),
  len: z.number().int(),
});
export type CaptchaResult = z.infer<typeof captchaResult>;

export const sliderResult = z.object({
  capKey: z.string(),
  /** Background with the gap, and the piece to drag (SVG data URLs). */
  bgImage: z.string(),
  pieceImage: z.string(),
  /** Vertical position of the piece; the user finds the horizontal one. */
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
});
export type SliderResult = z.infer<typeof sliderResult>;

export const applyTokenBody = z.object({ clientId: text(LIMITS.clientIdMax).min(1) });
/** A legacy application's back end redeems a launch code; it proves itself with its client secret. */
export const ssoRedeemBody = z.object({
  clientId: text(LIMITS.clientIdMax).min(1),
  clientSecret: text(LIMITS.clientSecretMax).min(1),
  code: text(LIMITS.keyMax).min(1),
});
export type SsoRedeemBody = z.infer<typeof ssoRedeemBody>;
/** GET oidc/second-factor/:uid: the authorisation request (interaction) waiting for the second factor. */
export const oidcSecondFactorParams = z.object({ uid: text(LIMITS.oidcUidMax).min(1) }).transform((params) => params);
/**
 * GET sso/go/:clientId, a link that applications and bookmarks hold: the application to launch.
 * Query parameters such a link carries are ignored, never refused with a JSON error page, as
 * they always were (a pipe, so the server's strict-input rule for API bodies leaves it alone).
 */
export const ssoGoParams = z.object({ clientId: text(LIMITS.clientIdMax).min(1) }).transform((params) => params);

export const applyTokenResult = z.object({ code: z.string(), redirectUrl: z.string() });
export type ApplyTokenResult = z.infer<typeof applyTokenResult>;
/** Who signed in, for the application's back end that redeems the code. */
export const ssoIdentity = z.object({ userId: z.string(), userName: z.string(), email: z.string().nullable() });
export type SsoIdentity = z.infer<typeof ssoIdentity>;
