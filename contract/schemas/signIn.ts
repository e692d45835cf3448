import { z } from 'zod';
import { LIMITS, MOBILE_PATTERN } from '../rules.js';
import { deviceFields, text } from './common.js';

const mobile = z.string().regex(MOBILE_PATTERN, 'must be a mainland mobile number');
const code = z.string().min(1).max(LIMITS.codeMax);
const key = text(64);
const cipher = z.string().min(1).max(LIMITS.cipherMax).regex(/^[0-9a-fA-F]+$/, 'must be SM2 ciphertext (hex)');
const captcha = { capKey: key.optional(), capText: text(LIMITS.codeMax).optional() };

export const sendLoginSmsBody = z.object({ mobileNo: mobile, appId: text(64).optional(), ...captcha });
export const smsLoginBody = z.object({ mobileNo: mobile, validateCode: code, smsCodeKey: key, appId: text(64).optional(), ...deviceFields });

export const srmiBody = z.object({ srmi: key });
export const secondAuthSendBody = z.object({ srmi: key, ...captcha });
export const secondAuthBody = z.object({ srmi: key, validateCode: code, smsCodeKey: key, ...deviceFields });

export const sceneSmsBody = z.object({
  srmi: key,
  requestId: text(64).optional(),
  mobileNo: z.string().max(20).optional(),
  scene: z.coerce.number().int().refine((n) => n === 1 || n === 2, 'must be 1 (bind phone) or 2 (update password)'),
  ...captcha,
});
export const bindPhoneBody = z.object({
  srmi: key,
  requestId: text(64).optional(),
  mobileNo: mobile,
  smsValueClient: z.string().min(1).max(LIMITS.bindCodeMax),
  smsCodeKey: key,
  active: z.coerce.number().int().min(0).max(10).optional(),
});
export const skipStepBody = z.object({ srmi: key, requestId: text(64).optional(), active: z.coerce.number().int().min(0).max(10).optional() });
export const selfPwdBySmsBody = z.object({
  srmi: key,
  requestId: text(64).optional(),
  smsValueClient: code,
  smsCodeKey: key,
  newPassword: cipher,
  active: z.coerce.number().int().min(0).max(10).optional(),
});
export const selfPwdByOldBody = z.object({ srmi: key, oldPassword: cipher, newPassword: cipher, requestId: text(64).optional() });

export interface SendOtpResult {
  requestId: string;
  msgCodeKey: string;
}
export interface SecondAuthAppInfo {
  code: string;
  appName: string;
  icon: string | null;
  verificationLength: number;
  expiryLength: number;
}
export interface SecondAuthSendResult {
  mobile: string;
  encryptMobile: string;
  smsCodeKey: string;
}
export interface StepResult {
  active: number;
}

export const directoryLoginBody = z.object({
  userId: cipher,
  password: cipher,
  loginType: z.enum(['LDAP', 'PA_ACCOUNT']).default('PA_ACCOUNT'),
  validCode: text(LIMITS.codeMax).optional(),
  capKey: key.optional(),
  appId: text(64).optional(),
  ...deviceFields,
});
export const bindSendBody = z.object({ srmi: key, mobileNo: mobile, capKey: key, capText: text(LIMITS.codeMax).min(1) });
export const bindMasterBody = z.object({ srmi: key, mobileNo: mobile, validateCode: code, smsCodeKey: key, ...deviceFields });

export interface CasResult<T> {
  casCode: 'SUCCESS' | 'NEED_BINDING';
  casData: { needBindingIdaasAccount: boolean; srmi: string | null; requestId: string | null; data: T | null };
}
