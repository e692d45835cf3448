import { CODE, type ResultCode } from '../codes.js';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import { loginResponse } from '../schemas/auth.js';
import { emptyBody, nothing } from '../schemas/common.js';
import { stepResult } from '../schemas/signIn.js';
import {
  adminFactorsResetBody, adminUserFactors, adminUserFactorsBody, enrolPasskeyBody, enrolTotpConfirmBody, factorOverview, passkeyItem,
  passkeyRefBody, passkeyRegisterBody, passkeyRenameBody, passkeySignInBody, reauthPasskeyBody,
  reauthPasswordBody, reauthResult, reauthTotpBody, recoveryCodes, recoverySignInBody, recoverySignInResult, signInFactors, srmiOnly,
  totpCodeBody, totpEnrolment, totpSignInBody, webauthnOptions,
} from '../schemas/factors.js';
import { CIPHER_CODES } from './auth.js';
import { PASSKEY_CODES, passkeySignInEndpoints } from './passkeySignIn.js';

const p = paths.factors;

/** A flow ticket (srmi) unknown, expired or at another step (E00013), or its user gone (E00009). */
const TICKET_CODES = [CODE.ticketExpired, CODE.notSignedIn] as const satisfies readonly ResultCode[];
/** Account states checked again when the second factor opens the session. */
const ACCOUNT_STATE_CODES = [CODE.accountDisabled, CODE.accountNotActivated, CODE.registrationPending, CODE.accountExpired] as const satisfies readonly ResultCode[];
/** An authenticator-app code refused: wrong, used already, the app locked, or no app. */
const TOTP_CODES = [CODE.totpWrong, CODE.totpReplayed, CODE.totpLocked, CODE.factorNotSetUp] as const satisfies readonly ResultCode[];
/** A passkey registration refused. */
const REGISTER_CODES = [CODE.passkeyFailed, CODE.passkeyChallengeExpired, CODE.passkeyRegistered, CODE.passkeyLimit] as const satisfies readonly ResultCode[];

/**
 * Second factors: the second-factor step offers every factor the user has (passkey,
 * authenticator app, SMS, recovery code); passwordless sign-in with a passkey; the self-service
 * step ENROL-FACTOR; account security, where adding or removing a factor needs a re-authentication
 * of the last 5 minutes (E11030 otherwise); the workbench's view and reset of a person's factors.
 */
export const factorEndpoints = {
  signInFactors: endpoint({
    method: 'POST', path: p.signInFactors, access: 'public', summary: 'The factors this sign-in can be passed with, strongest first',
    input: srmiOnly, output: signInFactors, codes: [...TICKET_CODES],
  }),
  signInTotp: endpoint({
    method: 'POST', path: p.signInTotp, access: 'public', summary: 'Pass the second factor with an authenticator-app code; opens the session and trusts this browser',
    input: totpSignInBody, output: loginResponse, codes: [...TICKET_CODES, ...TOTP_CODES, CODE.passkeyRequired, ...ACCOUNT_STATE_CODES],
  }),
  signInRecoveryCode: endpoint({
    method: 'POST', path: p.signInRecoveryCode, access: 'public', summary: 'Pass the second factor with a recovery code (used up); says how many are left',
    input: recoverySignInBody, output: recoverySignInResult,
    codes: [...TICKET_CODES, CODE.recoveryCodeWrong, CODE.factorNotSetUp, CODE.tooManyRequests, CODE.passkeyRequired, ...ACCOUNT_STATE_CODES],
  }),
  signInPasskeyOptions: endpoint({
    method: 'POST', path: p.signInPasskeyOptions, access: 'public', summary: "Options for navigator.credentials.get() with the user's passkeys (single-use challenge, 10 minutes)",
    input: srmiOnly, output: webauthnOptions, codes: [...TICKET_CODES, CODE.factorNotSetUp],
  }),
  signInPasskey: endpoint({
    method: 'POST', path: p.signInPasskey, access: 'public', summary: 'Pass the second factor with a passkey; opens the session and trusts this browser',
    input: passkeySignInBody, output: loginResponse, codes: [...TICKET_CODES, ...PASSKEY_CODES, ...ACCOUNT_STATE_CODES],
  }),

  ...passkeySignInEndpoints,

  enrolTotpStart: endpoint({
    method: 'POST', path: p.enrolTotpStart, access: 'public', summary: 'Self-service step ENROL-FACTOR: a new authenticator-app secret and its QR code',
    input: srmiOnly, output: totpEnrolment, codes: [...TICKET_CODES, CODE.passkeyRequired, CODE.totpAlreadySetUp],
  }),
  enrolTotpConfirm: endpoint({
    method: 'POST', path: p.enrolTotpConfirm, access: 'public', summary: 'Self-service step ENROL-FACTOR: confirm the app with its first code, and move to the next step',
    input: enrolTotpConfirmBody, output: stepResult, codes: [...TICKET_CODES, CODE.totpWrong, CODE.totpNotStarted, CODE.totpAlreadySetUp, CODE.passkeyRequired],
  }),
  enrolPasskeyOptions: endpoint({
    method: 'POST', path: p.enrolPasskeyOptions, access: 'public', summary: 'Self-service step ENROL-FACTOR: options for navigator.credentials.create()',
    input: srmiOnly, output: webauthnOptions, codes: [...TICKET_CODES, CODE.passkeyLimit],
  }),
  enrolPasskey: endpoint({
    method: 'POST', path: p.enrolPasskey, access: 'public', summary: 'Self-service step ENROL-FACTOR: register the passkey, and move to the next step',
    input: enrolPasskeyBody, output: stepResult, codes: [...TICKET_CODES, ...REGISTER_CODES],
  }),

  list: endpoint({
    method: 'POST', path: p.list, access: 'user', summary: "The caller's factors, the policies that apply, and until when a re-authentication holds",
    input: emptyBody, output: factorOverview,
  }),
  reauthPassword: endpoint({
    method: 'POST', path: p.reauthPassword, access: 'user', summary: 'Re-authenticate with the password (SM2): factors can be added or removed for 5 minutes',
    input: reauthPasswordBody, output: reauthResult, codes: [...CIPHER_CODES, CODE.currentPasswordWrong, CODE.accountLocked, CODE.tooManyRequests, CODE.factorNotSetUp],
  }),
  reauthTotp: endpoint({
    method: 'POST', path: p.reauthTotp, access: 'user', summary: 'Re-authenticate with an authenticator-app code',
    input: reauthTotpBody, output: reauthResult, codes: [...TOTP_CODES],
  }),
  reauthPasskeyOptions: endpoint({
    method: 'POST', path: p.reauthPasskeyOptions, access: 'user', summary: "Options for re-authenticating with one of the caller's passkeys",
    input: emptyBody, output: webauthnOptions, codes: [CODE.factorNotSetUp],
  }),
  reauthPasskey: endpoint({
    method: 'POST', path: p.reauthPasskey, access: 'user', summary: 'Re-authenticate with a passkey',
    input: reauthPasskeyBody, output: reauthResult, codes: [...PASSKEY_CODES],
  }),
  totpStart: endpoint({
    method: 'POST', path: p.totpStart, access: 'user', summary: 'A new authenticator-app secret and its QR code, inactive until confirmed (re-authentication needed)',
    input: emptyBody, output: totpEnrolment, codes: [CODE.reauthRequired, CODE.totpAlreadySetUp],
  }),
  totpConfirm: endpoint({
    method: 'POST', path: p.totpConfirm, access: 'user', summary: 'Confirm the authenticator app with its first code; it is then a factor',
    input: totpCodeBody, output: nothing, codes: [CODE.reauthRequired, CODE.totpWrong, CODE.totpNotStarted, CODE.totpAlreadySetUp],
  }),
  totpRemove: endpoint({
    method: 'POST', path: p.totpRemove, access: 'user', summary: "Remove the authenticator app; the caller's other sessions end",
    input: emptyBody, output: nothing, codes: [CODE.reauthRequired, CODE.factorNotSetUp, CODE.lastRequiredFactor],
  }),
  passkeyOptions: endpoint({
    method: 'POST', path: p.passkeyOptions, access: 'user', summary: 'Options for navigator.credentials.create() (re-authentication needed)',
    input: emptyBody, output: webauthnOptions, codes: [CODE.reauthRequired, CODE.passkeyLimit],
  }),
  passkeyRegister: endpoint({
    method: 'POST', path: p.passkeyRegister, access: 'user', summary: 'Register the passkey just created, under a name',
    input: passkeyRegisterBody, output: passkeyItem, codes: [CODE.reauthRequired, ...REGISTER_CODES],
  }),
  passkeyRename: endpoint({
    method: 'POST', path: p.passkeyRename, access: 'user', summary: "Rename one of the caller's passkeys",
    input: passkeyRenameBody, output: nothing, codes: [CODE.notFound],
  }),
  passkeyRemove: endpoint({
    method: 'POST', path: p.passkeyRemove, access: 'user', summary: "Remove one of the caller's passkeys; the caller's other sessions end",
    input: passkeyRefBody, output: nothing, codes: [CODE.reauthRequired, CODE.notFound, CODE.lastRequiredFactor],
  }),
  recoveryCodesGenerate: endpoint({
    method: 'POST', path: p.recoveryCodesGenerate, access: 'user', summary: 'Ten new single-use recovery codes, shown once; the old ones are void',
    input: emptyBody, output: recoveryCodes, codes: [CODE.reauthRequired],
  }),

  adminUserFactors: endpoint({
    method: 'POST', path: p.adminUserFactors, access: 'admin', duties: ['security'], summary: "A person's second factors (no secrets) and the policies that apply to them",
    input: adminUserFactorsBody, output: adminUserFactors, codes: [CODE.notFound],
  }),
  adminUserFactorsReset: endpoint({
    method: 'POST', path: p.adminUserFactorsReset, access: 'admin', duties: ['security'], summary: "Remove a person's passkeys, authenticator app or recovery codes (all when none named); their sessions end",
    input: adminFactorsResetBody, output: nothing, codes: [CODE.notFound, CODE.adminCredentials],
  }),
};
