import { CODE, type ResultCode } from '../codes.js';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import { loginResponse } from '../schemas/auth.js';
import { passkeyLoginBody, passkeyLoginOptionsBody, webauthnOptions } from '../schemas/factors.js';
import { SIGN_IN_FLOW_CODES } from './auth.js';

const p = paths.factors;

/** A passkey assertion refused: not verified, its challenge gone, the passkey unknown. */
export const PASSKEY_CODES = [CODE.passkeyFailed, CODE.passkeyChallengeExpired, CODE.passkeyUnknown] as const satisfies readonly ResultCode[];

/**
 * Passwordless sign-in with a passkey, part of the factors area: apart, so the sign-in page
 * downloads these two declarations and not the whole area's (its budget, DESIGN.md §8).
 */
export const passkeySignInEndpoints = {
  passkeyLoginOptions: endpoint({
    method: 'POST', path: p.passkeyLoginOptions, access: 'public', summary: 'Passwordless sign-in: options for a discoverable passkey (no account named)',
    input: passkeyLoginOptionsBody, output: webauthnOptions, codes: [CODE.unknownApp],
  }),
  passkeyLogin: endpoint({
    method: 'POST', path: p.passkeyLogin, access: 'public', summary: 'Passwordless sign-in with a passkey: opens the session as a password and second factor would',
    input: passkeyLoginBody, output: loginResponse, codes: [...PASSKEY_CODES, CODE.accountLocked, ...SIGN_IN_FLOW_CODES],
  }),
};
