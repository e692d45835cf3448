/** Validation rules shared by the browser forms and the server schemas. */
import { CaptchaStrategy } from './enums.js';

/** Mainland China mobile number: 1, a digit 3-9, then 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** What the password tab refuses as an account: an optional 0086 prefix and a mainland mobile. */
export const MOBILE_AS_ACCOUNT_PATTERN = /^(0086)?1[3-9]\d{9}$/;
/**
 * Field limits, each meaning named once: the schemas, the services and the form inputs use these
 * names, never the numbers. The limit of a value the server stores matches the width of the
 * database column that keeps it (server/platform/db/migrations/0001_init.ts; the migrations keep their own
 * numbers, being history), so whatever a schema lets in fits where it is stored.
 */
export const LIMITS = {
  /** An account name (users.user_id). */
  accountMax: 64,
  /** An account name chosen at registration (ACCOUNT_NAME_PATTERN). */
  registerAccountMin: 4,
  registerAccountMax: 40,
  /** A person's name (users.user_name). */
  userNameMax: 100,
  /** What a list's search or filter box takes: a name of a person, application, role or group. */
  searchMax: 100,
  /** An application id (apps.app_id). */
  appIdMax: 64,
  /** An application's client id (apps.client_id). */
  clientIdMax: 64,
  /** The key of a ticket, a texted code or a request (srmi, requestId, msgCodeKey, smsCodeKey…; tickets.id, otps.id). */
  keyMax: 64,
  /** The key of a picture or slider captcha (captchas.id). */
  captchaKeyMax: 64,
  /** A group's code (mail_groups.group_code). */
  groupCodeMax: 64,
  /** A department code (assigned by administrators; self-registration may send none). */
  deptCodeMax: 64,
  /** The name of a query parameter the sign-in page carries through to the server. */
  queryKeyMax: 64,
  /** A code naming a kind of entry: sign-in type, log scene, linked-account source (social_bindings.source). */
  typeCodeMax: 40,
  /** A mobile number field (users.mobile_no); MOBILE_PATTERN then asks for a mainland number. */
  mobileMax: 20,
  /** Digits in a mainland mobile number: what the phone inputs accept. */
  mobileLength: 11,
  /** An email address (users.email). */
  emailMax: 200,
  /** Largest ciphertext we accept for an SM2-encrypted field (hex of C1C3C2 for ≤ 256 bytes). */
  cipherMax: 1024,
  /** A texted code or a captcha answer as typed. */
  codeMax: 40,
  bindCodeMax: 8,
  captchaLength: 4,
  otpLength: 6,
  /** Seconds before a code may be texted again to the same number for the same purpose. */
  resendSeconds: 60,
  /** The personal logs' default window: the last 29 days up to now. */
  logWindowDays: 29,
  pageSizeMax: 100,
  pageSizeOptions: [10, 15, 20, 25] as const,
  defaultPageSize: 10,
  textMax: 200,
  reasonMax: 500,
  /** A device id (devices.device_id) and name (devices.device_name). */
  deviceIdMax: 128,
  deviceNameMax: 40,
  /** Roles in one request or one give-up, members added or removed at once, requests decided at once. */
  rolesPerRequestMax: 50,
  membersPerBatchMax: 200,
  decisionsPerBatchMax: 100,
  /** The step index a self-service call may name. */
  stepIndexMax: 10,
  /** A flag sent as text (isOptions of the sign-in page configuration). */
  flagTextMax: 10,
  /** A client address as stored (sessions.ip, login_history.ip). */
  ipMax: 64,
  /** A user agent as stored (sessions.user_agent). */
  userAgentMax: 500,
  /** A session or device-trust token the browser sends back; anything longer is not one of ours. */
  tokenMax: 100,
  /** The X-Client-Id header every state-changing call carries. */
  clientHeaderMax: 100,
  /** How much of a device id, and of a directory DN, an operation-log entry keeps. */
  loggedDeviceIdMax: 40,
  loggedDnMax: 200,
  // Workbench: organisation and users
  /** A company's or department's name (departments.name). */
  deptNameMax: 100,
  /** A department as an import file names it: its path from the top (Company/Department/…) or its name. */
  deptPathMax: 500,
  /** A position (users.position_name). */
  positionMax: 200,
  /** A users import: characters of CSV text, data rows in one file, and the upload's bytes (that route only; the app keeps 64 KiB). */
  importCsvMax: 32 * 1024 * 1024,
  importRowsMax: 100_000,
  importBodyBytes: 40 * 1024 * 1024,
  // Workbench: applications, groups and mailboxes, home notices
  /** An application's name (apps.app_name), its category (apps.category) and its icon (apps.icon: a data or https URL, within the 64 KiB body). */
  appNameMax: 100,
  appCategoryMax: 64,
  appIconMax: 32_768,
  /** A URL the server stores: an application's launch URL (apps.idp_sso_url), a notice's link (notices.link). */
  urlMax: 500,
  /** A page the sign-in page returns to (?redirect=): longer ones are ignored, the default landing page is used. */
  returnPathMax: 2000,
  /** A role's code and name (app_roles.code, app_roles.name) and a role group's name (perm_groups.name). */
  roleCodeMax: 64,
  roleNameMax: 100,
  /** A group's name (mail_groups.group_name). */
  groupNameMax: 200,
  /** A notice's title (notices.title) and body. */
  noticeTitleMax: 200,
  noticeBodyMax: 20_000,
  /** Published items per list of the home page (notices, and each news tab). */
  homeItemsMax: 10,
  /** After a client secret is rotated, the previous one is still accepted for this long (the apps' deployments switch over). */
  clientSecretOverlapHours: 24,
  /** Provisioning (SCIM): a token's name (scim_tokens.name). */
  scimTokenNameMax: 100,
  /** The id a provisioning client knows a user or group by (users.external_id, mail_groups.external_id). */
  scimExternalIdMax: 200,
  /** Resources in one SCIM list page (`count` above it is lowered to it, as RFC 7644 allows). */
  scimCountMax: 100,
  /** A SCIM request body: a group replaced with its members fits, a flood does not. */
  scimBodyBytes: 256 * 1024,
  /** A SCIM filter or PATCH path as sent. */
  scimFilterMax: 1000,
  /** Operations in one SCIM PATCH, and members named in one SCIM request. */
  scimPatchOpsMax: 100,
  scimMembersMax: 1000,
  /** Values of any other multi-valued SCIM attribute (emails, phone numbers, schema URNs), and nesting in a filter. */
  scimValuesMax: 10,
  scimFilterDepthMax: 20,
  /** A SCIM token's last use is written at most this often. */
  scimTouchSeconds: 60,
  // Workbench: policies, sessions, audit
  /** A text of the sign-in page an administrator sets (company name, version), per language. */
  loginPageTextMax: 100,
  // OpenID Connect provider: lifetimes in seconds (an application's own settings are clamped to the maxima)
  oidcCodeTtl: 60,
  oidcAccessTokenTtl: 3600,
  oidcAccessTokenTtlMax: 86_400,
  oidcIdTokenTtl: 3600,
  oidcIdTokenTtlMax: 86_400,
  oidcRefreshTokenTtl: 14 * 86_400,
  oidcRefreshTokenTtlMax: 90 * 86_400,
  /** An authorisation request waiting for sign-in, second factor or consent. */
  oidcInteractionTtl: 600,
  /** A provider session, as long as the longest portal session policy allows. */
  oidcSessionTtl: 24 * 3600,
  /** A provider interaction id as it appears in a path. */
  oidcUidMax: 64,
  /** The shortest token lifetime an application may set (seconds): shorter ones expire in transit. */
  oidcTokenTtlMin: 60,
  /** Redirect URIs, and post-logout redirect URIs, an application may register (each list). */
  oidcUrisMax: 20,
  /** A client secret an application presents (ours are 43 characters). */
  clientSecretMax: 200,
} as const;

/** Registration account names: letters, digits, dot, underscore, hyphen, 4 to 40. */
export const ACCOUNT_NAME_PATTERN = new RegExp(`^[A-Za-z0-9._-]{${LIMITS.registerAccountMin},${LIMITS.registerAccountMax}}$`);
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A code administrators choose for an application, a group or a role: letters, digits, dot, underscore, hyphen. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9._-]+$/;

export const SECURITY_SCORE_GOOD = 80;
export const NARROW_WIDTH = 1200;
export const MOBILE_BREAKPOINT = 992;

export type PasswordLevel = 'weak' | 'middle' | 'strong';

/** Count of character kinds (digit, letter, other) in a password. */
export function passwordKinds(pw: string): number {
  let kinds = 0;
  if (/\d/.test(pw)) kinds++;
  if (/[A-Za-z]/.test(pw)) kinds++;
  if (/[^A-Za-z0-9]/.test(pw)) kinds++;
  return kinds;
}

/**
 * The strength meter of both specs: 6 or fewer characters is weak (nothing lit, lit = 0);
 * otherwise 1 kind weak, 2 middle, 3 strong.
 */
export function passwordStrength(pw: string): { level: PasswordLevel; lit: 0 | 1 | 2 | 3 } {
  if (pw.length <= 6) return { level: 'weak', lit: 0 };
  const kinds = passwordKinds(pw);
  if (kinds >= 3) return { level: 'strong', lit: 3 };
  if (kinds === 2) return { level: 'middle', lit: 2 };
  return { level: 'weak', lit: 1 };
}

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  minKinds: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, maxLength: 64, minKinds: 2 };

/**
 * The whole password section of the policies (workbench): the shape rules, plus expiry (0:
 * never), the reminder before it, and how many recent passwords may not be used again (the
 * current one among them).
 */
export interface PasswordRules extends PasswordPolicy {
  expiryDays: number;
  reminderDays: number;
  historyCount: number;
}

/**
 * What an administrator may set each policy number to (inclusive). The bounds keep every rule
 * meaningful: a password short enough to guess, a lock that never comes, a session that never
 * ends are refused. The longest password fits the SM2 ciphertext a form may send (LIMITS.cipherMax).
 */
export const POLICY_RANGES = {
  passwordLength: { min: 6, max: 128 },
  passwordKinds: { min: 1, max: 3 },
  passwordExpiryDays: { min: 0, max: 3650 },
  passwordReminderDays: { min: 0, max: 365 },
  passwordHistory: { min: 0, max: 24 },
  captchaAfter: { min: 0, max: 100 },
  lockAfter: { min: 1, max: 100 },
  lockMinutes: { min: 1, max: 1440 },
  ipFailuresPerHour: { min: 1, max: 100_000 },
  sessionIdleMinutes: { min: 1, max: 1440 },
  sessionAbsoluteHours: { min: 1, max: 720 },
  smsDailyPerNumber: { min: 1, max: 1000 },
} as const;

export type PolicyViolation = 'length' | 'kinds' | 'containsAccount' | 'common' | 'sameAsCurrent';

/**
 * The policy checks that need no secret (the server adds the common-password list and the
 * comparison with the current hash). Returns the first rule broken, or null.
 */
export function checkPasswordShape(pw: string, account: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): PolicyViolation | null {
  if (pw.length < policy.minLength || pw.length > policy.maxLength) return 'length';
  if (passwordKinds(pw) < policy.minKinds) return 'kinds';
  if (account && account.length >= 3 && pw.toLowerCase().includes(account.toLowerCase())) return 'containsAccount';
  return null;
}

/** Masks a mobile number as 138****0001. */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  return mobile.length >= 11 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile.replace(/.(?=.{2})/g, '*');
}

/**
 * A role code the sign-in sends to the admin workbench: contains "admin" in any letter case (the
 * spec's landing rule). Which workbench areas open is the server's duties check, not this.
 */
export function isAdminRole(code: string): boolean {
  return code.toLowerCase().includes('admin');
}

export const ADMIN_HUB_PATH = '/systemhub/#/home';

export const USER_TYPES = ['STAFF', 'TEMP', 'PUBLIC_MAIL'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const LOGIN_TYPES = ['ACCOUNT', 'MSG_CODE', 'PA_ACCOUNT', 'LDAP'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];
/** The sign-in type of a sign-in through another identity provider: shown per provider, not per application's login types. */
export const UPSTREAM_LOGIN_TYPE = 'UPSTREAM';

/** captchaStrategy values of a login type: picture on demand, token code, slider. */
export const CAPTCHA_STRATEGIES = [CaptchaStrategy.PICTURE, CaptchaStrategy.TOKEN_CODE, CaptchaStrategy.SLIDER] as const;
