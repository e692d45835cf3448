import { isApiError } from '../providers/apiError';
import type { AuthenticationCredential, RegistrationCredential, WebauthnOptions } from '../../../contract/schemas/factors';

/**
 * The browser half of the passkey ceremonies. @simplewebauthn/browser is imported on first use:
 * /login's first download must not carry it (its size budget), and most visits never need it.
 */
const load = () => import('@simplewebauthn/browser');

type Options = WebauthnOptions['options'];

/** navigator.credentials.create() with the server's options; the answer goes back unchanged. */
export async function createPasskey(options: Options): Promise<RegistrationCredential> {
  const { startRegistration } = await load();
  const answer = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return answer as unknown as RegistrationCredential;
}

/**
 * navigator.credentials.get() with the server's options. `autofill`: conditional UI, the passkeys
 * offered in the account field's autofill list (the promise waits until one is picked).
 */
export async function getPasskey(options: Options, autofill = false): Promise<AuthenticationCredential> {
  const { startAuthentication } = await load();
  const answer = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    useBrowserAutofill: autofill,
  });
  return answer as unknown as AuthenticationCredential;
}

/** Whether this browser can use passkeys at all. */
export async function passkeysSupported(): Promise<boolean> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return false;
  const { browserSupportsWebAuthn } = await load();
  return browserSupportsWebAuthn();
}

/** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return false;
  const { browserSupportsWebAuthnAutofill } = await load();
  return browserSupportsWebAuthnAutofill();
}

/** Ends a waiting autofill ceremony (leaving the page, or the button starting its own). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await load();
  WebAuthnAbortService.cancelCeremony();
}

/**
 * A ceremony the person ended (cancelled the browser's dialog, let it time out) or another one
 * replaced: nothing to report beyond "not done".
 */
export function ceremonyCancelled(error: unknown): boolean {
  const name = error && typeof error === 'object' ? (error as { name?: unknown }).name : '';
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : '';
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

/** A browser-side failure (not a server refusal or a failed call): no envelope behind it. */
export function isCeremonyError(error: unknown): boolean {
  return !isApiError(error);
}
