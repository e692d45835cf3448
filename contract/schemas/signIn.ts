import { z } from 'zod';
import { LIMITS, MOBILE_PATTERN } from '../rules.js';
import { deviceFields, intIn, text } from './common.js';

const mobile = text(20).regex(MOBILE_PATTERN, 'must be a mainland mobile number');
const code = text(LIMITS.codeMax).min(1);
const key = text(64);
const cipher = text(LIMITS.cipherMax).min(1).regex(/^[0-9a-fA-F]+$/, 'must be SM2 ciphertext (hex)');
const captcha = { capKey: key.optional(), capText: text(LIMITS.codeMax).optional() };

export const sendLoginSmsBody = z.object({ mobileNo: mobile, appId: text(64).optional(), ...captcha });
export const smsLoginBody = z.object({ mobileNo: mobile, validateCode: code, smsCodeKey: key, appId: text(64).optional(), ...deviceFields });

export const srmiBody = z.object({ srmi: key });
export const secondAuthSendBody = z.object({ srmi: key, ...captcha });
export const secondAuthBody = z.object({ srmi: key, validateCode: code, smsCodeKey: key, ...deviceFields });

export const sceneSmsBody = z.object({
  srmi: key,
  requestId: text(64).optional(),
  mobileNo: text(20).optional(),
  scene: intIn(1, 2),
  ...captcha,
});
export const bindPhoneBody = z.object({
  srmi: key,
  requestId: text(64).optional(),
  mobileNo: mobile,
  smsValueClient: text(LIMITS.bindCodeMax).min(1),
  smsCodeKey: key,
  active: intIn(0, 10).optional(),
});
export const skipStepBody = z.object({ srmi: key, requestId: text(64).optional(), active: intIn(0, 10).optional() });
export const selfPwdBySmsBody = z.object({
  srmi: key,
  requestId: text(64).optional(),
  smsValueClient: code,
  smsCodeKey: key,
  newPassword: cipher,
  active: intIn(0, 10).optional(),
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
