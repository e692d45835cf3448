import { z } from 'zod';
import { PhoneScene } from '../enums.js';
import { LIMITS, MOBILE_PATTERN } from '../rules.js';
import { deviceFields, intIn, text } from './common.js';

const mobile = text(LIMITS.mobileMax).regex(MOBILE_PATTERN, 'must be a mainland mobile number');
const code = text(LIMITS.codeMax).min(1);
const key = text(LIMITS.keyMax);
const cipher = text(LIMITS.cipherMax).min(1).regex(/^[0-9a-fA-F]+$/, 'must be SM2 ciphertext (hex)');
const captcha = { capKey: text(LIMITS.captchaKeyMax).optional(), capText: text(LIMITS.codeMax).optional() };

export const sendLoginSmsBody = z.object({ mobileNo: mobile, appId: text(LIMITS.appIdMax).optional(), ...captcha });
export const smsLoginBody = z.object({
  mobileNo: mobile,
  validateCode: code,
  smsCodeKey: key,
  appId: text(LIMITS.appIdMax).optional(),
  ...deviceFields,
  /** The sign-in page sends these with every sign-in; a text sign-in does not need them. */
  loginType: z.literal('MSG_CODE').optional(),
  query: z.record(text(LIMITS.queryKeyMax), text()).optional(),
});

export const srmiBody = z.object({ srmi: key });
export const secondAuthSendBody = z.object({ srmi: key, ...captcha });
export const secondAuthBody = z.object({ srmi: key, validateCode: code, smsCodeKey: key, ...deviceFields });

export const sceneSmsBody = z.object({
  srmi: key,
  requestId: text(LIMITS.keyMax).optional(),
  mobileNo: text(LIMITS.mobileMax).optional(),
  scene: intIn(PhoneScene.BIND_PHONE, PhoneScene.UPDATE_PASSWORD),
  ...captcha,
});
export const bindPhoneBody = z.object({
  srmi: key,
  requestId: text(LIMITS.keyMax).optional(),
  mobileNo: mobile,
  smsValueClient: text(LIMITS.bindCodeMax).min(1),
  smsCodeKey: key,
  active: intIn(0, LIMITS.stepIndexMax).optional(),
});
export const skipStepBody = z.object({ srmi: key, requestId: text(LIMITS.keyMax).optional(), active: intIn(0, LIMITS.stepIndexMax).optional() });
export const selfPwdBySmsBody = z.object({
  srmi: key,
  requestId: text(LIMITS.keyMax).optional(),
  smsValueClient: code,
  smsCodeKey: key,
  newPassword: cipher,
  active: intIn(0, LIMITS.stepIndexMax).optional(),
});
export const selfPwdByOldBody = z.object({ srmi: key, oldPassword: cipher, newPassword: cipher, requestId: text(LIMITS.keyMax).optional() });

export const sendOtpResult = z.object({ requestId: z.string(), msgCodeKey: z.string() });
export type SendOtpResult = z.infer<typeof sendOtpResult>;

export const secondAuthAppInfo = z.object({
  code: z.string(),
  appName: z.string(),
  icon: z.string().nullable(),
  verificationLength: z.number().int(),
  expiryLength: z.number().int(),
});
export type SecondAuthAppInfo = z.infer<typeof secondAuthAppInfo>;

/**
 * `alreadySent`: no new text went out; the code texted moments ago (same number, still valid) is
 * the one to type. `resendIn`: whole seconds until a new code may be requested.
 */
export const secondAuthSendResult = z.object({
  mobile: z.string(), encryptMobile: z.string(), smsCodeKey: z.string(),
  alreadySent: z.boolean(), resendIn: intIn(0, LIMITS.resendSeconds),
});
/** What an E00408 refusal of the second-factor send carries: whole seconds until a new code may be requested. */
export const resendWait = z.object({ resendIn: intIn(0, LIMITS.resendSeconds) });
export type ResendWait = z.infer<typeof resendWait>;
export type SecondAuthSendResult = z.infer<typeof secondAuthSendResult>;

/** The index of the self-service step the flow moved on to. */
export const stepResult = z.object({ active: z.number().int() });
export type StepResult = z.infer<typeof stepResult>;

export const sceneSmsResult = z.object({ smsCodeKey: z.string() });
export type SceneSmsResult = z.infer<typeof sceneSmsResult>;

export const directoryLoginBody = z.object({
  userId: cipher,
  password: cipher,
  loginType: z.enum(['LDAP', 'PA_ACCOUNT']).default('PA_ACCOUNT'),
  validCode: text(LIMITS.codeMax).optional(),
  capKey: text(LIMITS.captchaKeyMax).optional(),
  appId: text(LIMITS.appIdMax).optional(),
  ...deviceFields,
});
export const bindSendBody = z.object({ srmi: key, mobileNo: mobile, capKey: text(LIMITS.captchaKeyMax), capText: text(LIMITS.codeMax).min(1) });
export const bindMasterBody = z.object({ srmi: key, mobileNo: mobile, validateCode: code, smsCodeKey: key, ...deviceFields });

export const bindSendResult = z.object({ msgCodeKey: z.string(), smsCodeKey: z.string() });
export type BindSendResult = z.infer<typeof bindSendResult>;

/** A directory sign-in's answer: signed in (data), or a directory account to link to a portal account (srmi). */
export const casResultOf = <T extends z.ZodType>(data: T) =>
  z.object({
    casCode: z.enum(['SUCCESS', 'NEED_BINDING']),
    casData: z.object({
      needBindingIdaasAccount: z.boolean(),
      srmi: z.string().nullable(),
      requestId: z.string().nullable(),
      data: data.nullable(),
    }),
  });
export type CasResult<T> = z.infer<ReturnType<typeof casResultOf<z.ZodType<T>>>>;
