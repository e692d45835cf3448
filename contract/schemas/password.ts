import { z } from 'zod';
import { LIMITS } from '../rules.js';
import { text } from './common.js';

const cipher = text(LIMITS.cipherMax).min(1).regex(/^[0-9a-fA-F]+$/, 'must be SM2 ciphertext (hex)');
const key = text(LIMITS.keyMax).min(1);
const code = text(LIMITS.codeMax).min(1);
const captcha = { capKey: text(LIMITS.captchaKeyMax).optional(), capText: text(LIMITS.codeMax).optional() };

export const requestIdBody = z.object({ requestId: key });
export const optionalRequestIdBody = z.object({ requestId: text(LIMITS.keyMax).optional() }).optional();
export const pwdSendOtpBody = z.object({ requestId: key, ...captcha });
export const pwdSaveByOtpBody = z.object({ requestId: key, msgCodeKey: key, msgValueClient: code, newPassword: cipher, repeatNewPassword: cipher });
export const pwdSaveByOldBody = z.object({ requestId: text(LIMITS.keyMax).optional(), oldPassword: cipher, newPassword: cipher, repeatNewPassword: cipher });

export const captchaGenBody = z.object({}).loose().optional();
export const forgetVerifyAccountBody = z.object({ capKey: text(LIMITS.captchaKeyMax).min(1), requestId: key, userId: cipher, capText: text(LIMITS.codeMax).min(1) });
export const forgetSendOtpBody = z.object({ requestId: key });
export const forgetVerifyOtpBody = z.object({ requestId: key, msgCodeKey: key, msgValueClient: code });
export const forgetSaveBody = z.object({ requestId: key, newPassword: cipher });

export const registerBody = z.object({
  userId: text(LIMITS.registerAccountMax).optional(),
  userName: text(LIMITS.userNameMax).min(1, 'name is required'),
  mobileNo: text(LIMITS.mobileMax),
  password: cipher,
  email: text(LIMITS.emailMax).optional(),
  description: text(LIMITS.textMax).optional(),
  deptCodes: z.array(text(LIMITS.deptCodeMax)).max(0, 'departments are assigned by administrators').optional(),
  forceChangePwdFirstLogin: z.literal(false).optional(),
  /** The code texted to mobileNo (register/send-code): the number becomes the account's only once proven. Missing → E10802. */
  msgCodeKey: text(LIMITS.keyMax).optional(),
  msgCode: text(LIMITS.codeMax).optional(),
});
/** A registration's code to the number typed in the form, behind a picture captcha (anyone may ask, for any number). */
export const registerSendCodeBody = z.object({
  mobileNo: text(LIMITS.mobileMax),
  capKey: text(LIMITS.captchaKeyMax).min(1),
  capText: text(LIMITS.codeMax).min(1),
});

/** A flow's ticket with the (masked) phone its code will go to. */
export const phoneTicket = z.object({
  requestId: z.string(),
  mobileNo: z.string(),
  encryptMobileNo: z.string(),
});
export type PhoneTicket = z.infer<typeof phoneTicket>;

/** A picture captcha opening a flow on its ticket. */
export const captchaTicket = z.object({
  data: z.string(),
  capKey: z.string(),
  requestId: z.string(),
  len: z.number().int(),
});
export type CaptchaTicket = z.infer<typeof captchaTicket>;

/** The key of a code just texted. */
export const codeKey = z.object({ msgCodeKey: z.string() });
/** The account a flow acted on. */
export const accountOut = z.object({ userId: z.string() });

/** An activation link's token (its only copy is in the link; the server keeps its SHA-256). */
export const activationTokenBody = z.object({ token: text(LIMITS.keyMax).min(1) });
export const activationCompleteBody = z.object({ token: text(LIMITS.keyMax).min(1), newPassword: cipher });
/** Whom the link is for, so the person sees it is theirs before choosing a password. */
export const activationDetail = z.object({ userId: z.string(), userName: z.string(), expiresAt: z.string() });
