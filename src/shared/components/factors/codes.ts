import { CODE, type ResultCode } from '../../../../contract/codeNames';
import type { FieldRefusals } from '../../hooks/fieldRefusals';

/** An authenticator-app code refused (wrong, used already, the app locked, none set up): under the code field. */
export const TOTP_REFUSALS: readonly ResultCode[] = [CODE.totpWrong, CODE.totpReplayed, CODE.totpLocked, CODE.factorNotSetUp, CODE.totpNotStarted];
export const TOTP_FIELD: FieldRefusals = [[TOTP_REFUSALS, 'code']];
/** A password refused at re-authentication: under the password field. */
export const REAUTH_PASSWORD_FIELD: FieldRefusals = [[[CODE.currentPasswordWrong, CODE.accountLocked, CODE.tooManyRequests], 'password']];
/** A passkey assertion or registration the server refused: said next to the passkey button. */
export const PASSKEY_REFUSALS: readonly ResultCode[] = [
  CODE.passkeyFailed, CODE.passkeyChallengeExpired, CODE.passkeyUnknown, CODE.passkeyRegistered, CODE.passkeyLimit, CODE.factorNotSetUp,
];
/** The action needs a fresh re-authentication: the dialog asks for it, nobody toasts it. */
export const REAUTH_QUIET: readonly ResultCode[] = [CODE.reauthRequired];
