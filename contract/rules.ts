/** Validation rules shared by the browser forms and the server schemas. */

/** Mainland China mobile number: 1, a digit 3-9, then 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** What the password tab refuses as an account: an optional 0086 prefix and a mainland mobile. */
export const MOBILE_AS_ACCOUNT_PATTERN = /^(0086)?1[3-9]\d{9}$/;
/** Registration account names: letters, digits, dot, underscore, hyphen, 4 to 40. */
export const ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9._-]{4,40}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LIMITS = {
  accountMax: 64,
  /** Largest ciphertext we accept for an SM2-encrypted field (hex of C1C3C2 for ≤ 256 bytes). */
  cipherMax: 1024,
  codeMax: 40,
  bindCodeMax: 8,
  captchaLength: 4,
  otpLength: 6,
  resendSeconds: 60,
  pageSizeMax: 100,
  pageSizeOptions: [10, 15, 20, 25] as const,
  defaultPageSize: 10,
  textMax: 200,
  reasonMax: 500,
  deviceIdMax: 128,
} as const;

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

/** A role code that opens the admin workbench: contains "admin" in any letter case. */
export function isAdminRole(code: string): boolean {
  return code.toLowerCase().includes('admin');
}

export const ADMIN_HUB_PATH = '/systemhub/#/home';

export const USER_TYPES = ['STAFF', 'TEMP', 'PUBLIC_MAIL'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const LOGIN_TYPES = ['ACCOUNT', 'MSG_CODE', 'PA_ACCOUNT', 'LDAP'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** captchaStrategy values of a login type: 0 picture on demand, 2 token code, 3 slider. */
export const CAPTCHA_STRATEGIES = [0, 2, 3] as const;
