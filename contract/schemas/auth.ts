import { z } from 'zod';
import { LIMITS, LOGIN_TYPES, CAPTCHA_STRATEGIES } from '../rules.js';
import { INT32_MAX, deviceFields, intIn, text } from './common.js';

const cipher = text(LIMITS.cipherMax).min(1).regex(/^[0-9a-fA-F]+$/, 'must be SM2 ciphertext (hex)');

export const loginCheckBody = z.object({
  userId: cipher,
  password: cipher,
  ...deviceFields,
  authType: text(40).optional(),
  loginType: z.enum(LOGIN_TYPES).optional(),
  /** Captcha answer (picture text) when the server asked for one. */
  validCode: text(LIMITS.codeMax).optional(),
  /** Key of the captcha the answer belongs to (capKey of pacas/get-valid-code). */
  requestId: text(64).optional(),
  capKey: text(64).optional(),
  appId: text(64).optional(),
  query: z.record(text(64), text()).optional(),
});
export type LoginCheckBody = z.infer<typeof loginCheckBody>;

export const ipCheckBody = z.object({ sceneCode: text(40).optional() });

export const appLoginConfigBody = z.object({
  appId: text(64).optional(),
  clientId: text(64).optional(),
});

export const logoutBody = z.object({ ...deviceFields });

export const captchaBody = z.object({ mobileNo: text(20).optional() }).optional();

export const loginPageConfigBody = z.object({ isOptions: z.union([z.boolean(), intIn(0, INT32_MAX), text(10)]).optional() }).optional();

export interface LoginTypeConfig {
  code: (typeof LOGIN_TYPES)[number];
  authCategoryName: string;
  authCategoryCode: string;
  isPriorityShow: boolean;
  adAuthEnable: boolean;
  captchaStrategy: (typeof CAPTCHA_STRATEGIES)[number];
  forgetPasswordUrl: string;
  updatePasswordUrl: string;
  umSelfHelpUrl: string;
  adSelfHelpUrl: string;
}

export interface LoginPageConfig {
  id: string;
  imageUrl: string;
  logoUrl: string;
  companyName: string;
  versionInfo: string;
}

export interface SelfServiceStep {
  code: 'BIND-PHONE' | 'UPDATE-PASSWORD' | 'FINISH';
  title: string;
  message: string;
}

export interface LoginResponse {
  passwordExpireDays: number;
  secondAuth: boolean;
  steps: SelfServiceStep[];
  srmi: string | null;
  appId: string | null;
  instanceId: string | null;
  userId: string;
  redirectUrl: string | null;
}

export interface Sm2Key {
  pubX: string;
  pubY: string;
}

export interface CaptchaResult {
  data: string;
  capKey: string;
  len: number;
}

export interface SliderResult {
  capKey: string;
  /** Background with the gap, and the piece to drag (SVG data URLs). */
  bgImage: string;
  pieceImage: string;
  /** Vertical position of the piece; the user finds the horizontal one. */
  y: number;
  width: number;
  height: number;
  pieceSize: number;
}

export const applyTokenBody = z.object({ clientId: text(64).min(1) });
export const ssoRedeemBody = z.object({ clientId: text(64).min(1), code: text(64).min(1) });
