import { ceremonyCancelled } from '../../hooks/webauthn';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What to say when the browser's side of a passkey ceremony failed (no server code on it). */
export function ceremonyText(error: unknown, t: Translate): string {
  if (ceremonyCancelled(error)) return t('factors.passkeys.cancelled');
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('factors.passkeys.alreadyRegistered');
  return t('factors.passkeys.failed', { reason: error instanceof Error ? error.message : String(error) });
}
