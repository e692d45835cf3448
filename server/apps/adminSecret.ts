import { randomBytes } from 'node:crypto';
import { LIMITS } from '../../contract/rules.js';
import { HOUR } from '../platform/lib/clock.js';
import { safeEqual, sha256 } from '../platform/lib/crypto.js';
import type { SecretState } from './adminRepository.js';

/** Bytes of CSPRNG output in a client secret: 256 bits. */
const SECRET_BYTES = 32;
export const SECRET_OVERLAP_MS = LIMITS.clientSecretOverlapHours * HOUR;

/** A new client secret (43 URL-safe characters), shown to the administrator once. */
export const newClientSecret = (): string => randomBytes(SECRET_BYTES).toString('base64url');

/**
 * What is stored of a client secret. SHA-256, not argon2: a slow hash is for secrets people
 * choose, which can be guessed; a 256-bit random secret cannot be found by trying however fast
 * each try is, and a fast hash keeps every token exchange that presents the secret cheap.
 */
export const hashClientSecret = (secret: string): string => sha256(secret);

/**
 * Whether `secret` is the application's current secret, or its previous one while the overlap
 * window lasts. Digests are compared in constant time, and both are always compared.
 */
export function secretMatches(state: SecretState, secret: string, now: number): boolean {
  const digest = hashClientSecret(secret);
  const current = state.hash !== null && safeEqual(digest, state.hash);
  const previous = state.prevHash !== null && safeEqual(digest, state.prevHash);
  return current || (previous && state.prevUntil !== null && now < state.prevUntil);
}
