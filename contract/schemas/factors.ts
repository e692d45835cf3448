import { z } from 'zod';
import { LIMITS } from '../rules.js';
import { deviceFields, idOut, isoTime, recordId, text } from './common.js';
import { loginResponse } from './auth.js';

/** Second factors, strongest first: the order the second-factor step offers them in. */
export const FACTOR_KINDS = ['PASSKEY', 'TOTP', 'SMS', 'RECOVERY_CODE'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];
/** What proves the person again before a factor is added or removed. */
export const REAUTH_METHODS = ['PASSWORD', 'PASSKEY', 'TOTP'] as const;
export type ReauthMethod = (typeof REAUTH_METHODS)[number];

/** Bounds of the second factors' inputs and rules. */
export const FACTOR_LIMITS = {
  /** A passkey's name, as its owner sets it. */
  passkeyNameMax: 64,
  /** Passkeys one account may hold. */
  passkeysPerUser: 10,
  /** A recovery code as typed (spaces and hyphens allowed) and a TOTP code as typed. */
  factorCodeMax: 40,
  recoveryCodeCount: 10,
  totpDigits: 6,
  totpPeriodSeconds: 30,
  /** Wrong authenticator codes before the app is locked, and for how long. */
  totpMaxFailures: 5,
  totpLockMinutes: 15,
  /** How long a re-authentication lets the person add or remove factors. */
  reauthMinutes: 5,
  /** How long a passkey ceremony's challenge is good for. */
  challengeMinutes: 10,
  /** base64url fields of a WebAuthn answer: credential ids (≤ 1023 bytes), and the larger blobs. */
  credentialIdMax: 1400,
  webauthnBlobMax: 16_384,
} as const;

const b64url = (max: number) => text(max).regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');
const factorCode = text(FACTOR_LIMITS.factorCodeMax).min(1);
const key = text(LIMITS.keyMax);
const passkeyName = text(FACTOR_LIMITS.passkeyNameMax).trim().min(1);

/**
 * What navigator.credentials.create() answered, as @simplewebauthn/browser's startRegistration
 * returns it (RegistrationResponseJSON). Fields the server does not read pass through untouched.
 */
export const registrationCredential = z.object({
  id: b64url(FACTOR_LIMITS.credentialIdMax).min(1),
  rawId: b64url(FACTOR_LIMITS.credentialIdMax).min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url(FACTOR_LIMITS.webauthnBlobMax).min(1),
    attestationObject: b64url(FACTOR_LIMITS.webauthnBlobMax).min(1),
    transports: z.array(text(LIMITS.typeCodeMax)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullable().optional(),
});
export type RegistrationCredential = z.infer<typeof registrationCredential>;

/** What navigator.credentials.get() answered, as startAuthentication returns it (AuthenticationResponseJSON). */
export const authenticationCredential = z.object({
  id: b64url(FACTOR_LIMITS.credentialIdMax).min(1),
  rawId: b64url(FACTOR_LIMITS.credentialIdMax).min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url(FACTOR_LIMITS.webauthnBlobMax).min(1),
    authenticatorData: b64url(FACTOR_LIMITS.webauthnBlobMax).min(1),
    signature: b64url(FACTOR_LIMITS.webauthnBlobMax).min(1),
    userHandle: b64url(FACTOR_LIMITS.credentialIdMax).nullable().optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullable().optional(),
});
export type AuthenticationCredential = z.infer<typeof authenticationCredential>;

/**
 * Options for startRegistration / startAuthentication ({ optionsJSON }), as
 * @simplewebauthn/server made them (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON); passed to the browser as they are.
 */
export const webauthnOptions = z.object({ options: z.looseObject({ challenge: z.string() }) });
export type WebauthnOptions = z.infer<typeof webauthnOptions>;

// --- The second-factor step of a sign-in (srmi at SECOND-AUTH) ---

/** One factor the second-factor step can offer. */
export const offeredFactor = z.object({
  kind: z.enum(FACTOR_KINDS),
  /** SMS: the masked bound phone. */
  mobile: z.string().nullable(),
  /** RECOVERY_CODE: unused codes left. */
  remaining: z.number().int().nullable(),
});
export type OfferedFactor = z.infer<typeof offeredFactor>;
/** The factors this sign-in may pass with, strongest first (only PASSKEY when a passkey is required). */
export const signInFactors = z.object({ factors: z.array(offeredFactor), passkeyRequired: z.boolean() });
export type SignInFactors = z.infer<typeof signInFactors>;

export const srmiOnly = z.object({ srmi: key });
export const totpSignInBody = z.object({ srmi: key, code: factorCode, ...deviceFields });
export const recoverySignInBody = z.object({ srmi: key, code: factorCode, ...deviceFields });
export const passkeySignInBody = z.object({ srmi: key, credential: authenticationCredential, ...deviceFields });
/** A sign-in passed with a recovery code: the session, and how many codes are left. */
export const recoverySignInResult = loginResponse.extend({ recoveryCodesLeft: z.number().int() });
export type RecoverySignInResult = z.infer<typeof recoverySignInResult>;

// --- Passwordless sign-in on /login ---

export const passkeyLoginOptionsBody = z.object({ appId: text(LIMITS.appIdMax).optional() });
export const passkeyLoginBody = z.object({
  credential: authenticationCredential,
  appId: text(LIMITS.appIdMax).optional(),
  query: z.record(text(LIMITS.queryKeyMax), text()).optional(),
  ...deviceFields,
});

// --- Enrolment in the self-service step ENROL-FACTOR (srmi) ---

export const enrolTotpConfirmBody = z.object({ srmi: key, code: factorCode });
export const enrolPasskeyBody = z.object({ srmi: key, name: passkeyName, credential: registrationCredential });

// --- Account security (signed in) ---

export const passkeyItem = z.object({
  id: idOut,
  name: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  transports: z.array(z.string()),
  /** Synced to the person's other devices by their password manager (backup state). */
  backedUp: z.boolean(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const factorOverview = z.object({
  /** The bound phone as a factor; null when none is bound. */
  phone: z.object({ mobile: z.string(), enabled: z.boolean() }).nullable(),
  /** The authenticator app, once confirmed; lockedUntil while 5 wrong codes lock it. */
  totp: z.object({ createdAt: isoTime, lastUsedAt: isoTime.nullable(), lockedUntil: isoTime.nullable() }).nullable(),
  passkeys: z.array(passkeyItem),
  recoveryCodes: z.object({ remaining: z.number().int(), total: z.number().int(), createdAt: isoTime }).nullable(),
  /** The policies: a second factor is asked at sign-in; only a passkey passes. */
  secondFactorRequired: z.boolean(),
  passkeyRequired: z.boolean(),
  /** Until when adding and removing factors needs no new proof; null: re-authenticate first. */
  reauthUntil: isoTime.nullable(),
  /** The ways this person can re-authenticate, strongest first. */
  reauthMethods: z.array(z.enum(REAUTH_METHODS)),
});
export type FactorOverview = z.infer<typeof factorOverview>;

export const reauthPasswordBody = z.object({ password: text(LIMITS.cipherMax).min(1).regex(/^[0-9a-fA-F]+$/, 'must be SM2 ciphertext (hex)') });
export const reauthTotpBody = z.object({ code: factorCode });
export const reauthPasskeyBody = z.object({ credential: authenticationCredential });
export const reauthResult = z.object({ reauthUntil: isoTime });
export type ReauthResult = z.infer<typeof reauthResult>;

/** A new authenticator-app secret, not yet active: shown once, confirmed with a first code. */
export const totpEnrolment = z.object({
  /** base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL rendered by the server. */
  qrDataUrl: z.string(),
  issuer: z.string(),
  accountName: z.string(),
  digits: z.number().int(),
  period: z.number().int(),
  algorithm: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export const totpCodeBody = z.object({ code: factorCode });

export const passkeyRegisterBody = z.object({ name: passkeyName, credential: registrationCredential });
export const passkeyRenameBody = z.object({ id: recordId(), name: passkeyName });
export const passkeyRefBody = z.object({ id: recordId() });

/** New recovery codes: shown this once, the old ones void. */
export const recoveryCodes = z.object({ codes: z.array(z.string()), createdAt: isoTime });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

// --- Workbench ---

export const adminUserFactorsBody = z.object({ id: recordId() });
export const adminUserFactors = factorOverview.pick({ phone: true, totp: true, passkeys: true, recoveryCodes: true, secondFactorRequired: true, passkeyRequired: true });
export type AdminUserFactors = z.infer<typeof adminUserFactors>;
/** Which of the person's factors to remove (all when none named). */
export const adminFactorsResetBody = z.object({ id: recordId(), kinds: z.array(z.enum(['PASSKEY', 'TOTP', 'RECOVERY_CODE'])).max(3).optional() });
