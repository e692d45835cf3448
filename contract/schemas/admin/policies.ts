import { z } from 'zod';
import { CODE, type ResultCode } from '../../codes.js';
import { LIMITS, POLICY_RANGES, USER_TYPES } from '../../rules.js';
import { idOut, intIn, isoTime, pageRequest, recordId, text } from '../common.js';
import { riskRules, RISK_ACTIONS, RISK_SIGNALS } from '../risk.js';

type Range = { min: number; max: number };
const within = (range: Range) => intIn(range.min, range.max);
const R = POLICY_RANGES;

/** An image the sign-in page shows: empty (the built-in one), an http(s) address or a path on this site. */
const pageImage = text(LIMITS.urlMax).regex(/^(|https?:\/\/\S+|\/\S*)$/, 'must be empty, an http(s) address or a path starting with /');
const pageText = text(LIMITS.loginPageTextMax);

/**
 * The sections of the policies, each validated field by field (ranges: POLICY_RANGES). Rules that
 * join two fields are `policyConflict`'s, each with its own code. Section names avoid the words
 * the audit log masks (password, token…), so a change's before/after stays readable there.
 */
export const pwdRules = z.strictObject({
  minLength: within(R.passwordLength),
  maxLength: within(R.passwordLength),
  /** Of digits, letters, other characters. */
  minKinds: within(R.passwordKinds),
  /** 0: passwords never expire. */
  expiryDays: within(R.passwordExpiryDays),
  reminderDays: within(R.passwordReminderDays),
  /** Recent passwords (the current one included) a new one may not repeat; 0: only the current one. */
  historyCount: within(R.passwordHistory),
});
export const signInRules = z.strictObject({
  /** Failures of an account before the captcha is asked for (0: always). */
  captchaAfter: within(R.captchaAfter),
  /** Failures of an account within the window before it is locked. */
  lockAfter: within(R.lockAfter),
  lockMinutes: within(R.lockMinutes),
  /** Failed sign-ins one address may make an hour. */
  ipFailuresPerHour: within(R.ipFailuresPerHour),
});
export const sessionRules = z.strictObject({
  idleMinutes: within(R.sessionIdleMinutes),
  absoluteHours: within(R.sessionAbsoluteHours),
});
export const smsRules = z.strictObject({ dailyPerNumber: within(R.smsDailyPerNumber) });
/**
 * Self-registration: closed (enabled false), open, or open with an administrator approving each
 * new account before it can sign in (approval true). A registered phone is always proven by a texted code.
 */
export const registrationRules = z.strictObject({ enabled: z.boolean(), approval: z.boolean() });
/**
 * Second factors by user type: everyone of a listed type passes a second factor at sign-in (on top
 * of the per-user and per-application switches); `passkeyForAdmins` asks administrators for a
 * passkey, and then no other factor passes for them.
 */
export const mfaRules = z.strictObject({
  requiredUserTypes: z.array(z.enum(USER_TYPES)).max(USER_TYPES.length),
  passkeyForAdmins: z.boolean(),
});
const localized = z.strictObject({ zh: pageText, en: pageText });
export const loginPageSettings = z.strictObject({
  /** zh is the default text; an empty en shows the zh one. */
  companyName: localized,
  versionInfo: localized,
  logoUrl: pageImage,
  /** The background picture. */
  imageUrl: pageImage,
});

export const policies = z.strictObject({
  pwd: pwdRules,
  signIn: signInRules,
  sessions: sessionRules,
  sms: smsRules,
  registration: registrationRules,
  mfa: mfaRules,
  /** Adaptive sign-in: the default risk policy (contract/schemas/risk.ts). */
  risk: riskRules,
  loginPage: loginPageSettings,
});
export type Policies = z.infer<typeof policies>;
export type PolicySection = keyof Policies;
export const POLICY_SECTIONS = Object.keys(policies.shape) as PolicySection[];

/** policies/update: any sections, each with any of its fields; the rest stays as it is. */
export const policiesUpdateBody = z.strictObject({
  pwd: pwdRules.partial().optional(),
  signIn: signInRules.partial().optional(),
  sessions: sessionRules.partial().optional(),
  sms: smsRules.partial().optional(),
  registration: registrationRules.partial().optional(),
  mfa: mfaRules.partial().optional(),
  risk: riskRules.partial().optional(),
  loginPage: z.strictObject({
    companyName: localized.partial().optional(),
    versionInfo: localized.partial().optional(),
    logoUrl: pageImage.optional(),
    imageUrl: pageImage.optional(),
  }).optional(),
});
export type PoliciesUpdate = z.infer<typeof policiesUpdateBody>;

/**
 * The answer of policies/get and /update: the policies in force. Plain types, as values that
 * came from the environment (first-start defaults) are not held to the workbench's ranges.
 */
const n = z.number();
const pair = z.object({ zh: z.string(), en: z.string() });
export const policiesOut = z.object({
  pwd: z.object({ minLength: n, maxLength: n, minKinds: n, expiryDays: n, reminderDays: n, historyCount: n }),
  signIn: z.object({ captchaAfter: n, lockAfter: n, lockMinutes: n, ipFailuresPerHour: n }),
  sessions: z.object({ idleMinutes: n, absoluteHours: n }),
  sms: z.object({ dailyPerNumber: n }),
  registration: z.object({ enabled: z.boolean(), approval: z.boolean() }),
  mfa: z.object({ requiredUserTypes: z.array(z.enum(USER_TYPES)), passkeyForAdmins: z.boolean() }),
  risk: z.object({
    enabled: z.boolean(), medium: z.enum(RISK_ACTIONS), high: z.enum(RISK_ACTIONS), signals: z.partialRecord(z.enum(RISK_SIGNALS), z.enum(RISK_ACTIONS)),
    newDeviceDays: n, notify: z.boolean(), enrolOnStepUp: z.boolean(),
  }),
  loginPage: z.object({ companyName: pair, versionInfo: pair, logoUrl: z.string(), imageUrl: z.string() }),
  /** Sections an administrator has saved; the others follow the server's configuration. */
  customized: z.array(z.enum(POLICY_SECTIONS as [PolicySection, ...PolicySection[]])),
});

const policySection = z.enum(POLICY_SECTIONS as [PolicySection, ...PolicySection[]]);

/** How a version of the policies came about: a change, a return to an earlier version, or to the defaults. */
export const PolicyVersionAction = { UPDATE: 'UPDATE', ROLLBACK: 'ROLLBACK', DEFAULTS: 'DEFAULTS' } as const;
export type PolicyVersionAction = (typeof PolicyVersionAction)[keyof typeof PolicyVersionAction];

/** One saved state of the policies in the history, newest first. */
export const policyVersion = z.object({
  version: idOut,
  /** Who saved it (null once that account is deleted). */
  savedBy: z.string().nullable(),
  savedByName: z.string().nullable(),
  savedAt: isoTime,
  action: z.enum([PolicyVersionAction.UPDATE, PolicyVersionAction.ROLLBACK, PolicyVersionAction.DEFAULTS]),
  /** The sections it changed. */
  sections: z.array(policySection),
  /** The version a rollback returned to. */
  fromVersion: idOut.nullable(),
});
export type PolicyVersion = z.infer<typeof policyVersion>;

const savedPolicies = policiesOut.omit({ customized: true });
/** A version with the complete policies after it and after the version before it (null for the first), for a diff. */
export const policyVersionDetail = policyVersion.extend({ policies: savedPolicies, previous: savedPolicies.nullable() });

export const policyHistoryBody = pageRequest;
export const policyVersionBody = z.strictObject({ version: recordId() });
/** Sections to return to the server's configured defaults. */
export const policyDefaultsBody = z.strictObject({ sections: z.array(policySection).min(1).max(POLICY_SECTIONS.length) });

/**
 * The first rule joining two fields that these sections break, or null. The form can check it
 * before saving; the server checks the sections a change touches, as they would be saved (E404xx).
 */
export function policyConflict(p: Partial<Pick<Policies, 'pwd' | 'signIn' | 'sessions'>>): ResultCode | null {
  if (p.pwd && p.pwd.minLength > p.pwd.maxLength) return CODE.policyLengthRange;
  if (p.pwd && p.pwd.expiryDays > 0 && p.pwd.reminderDays >= p.pwd.expiryDays) return CODE.policyReminderNotBeforeExpiry;
  if (p.signIn && p.signIn.captchaAfter >= p.signIn.lockAfter) return CODE.policyCaptchaNotBeforeLock;
  if (p.sessions && p.sessions.idleMinutes > p.sessions.absoluteHours * 60) return CODE.policyIdleBeyondAbsolute;
  return null;
}
