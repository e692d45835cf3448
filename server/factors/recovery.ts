import { randomInt } from 'node:crypto';
import { FACTOR_LIMITS } from '../../contract/schemas/factors.js';
import { sha256 } from '../platform/lib/crypto.js';

/** Crockford's base32 without the letters people misread (I, L, O, U). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUP = 5;

/**
 * Ten codes of 10 characters (50 bits each, from the CSPRNG), shown as XXXXX-XXXXX. Such entropy
 * needs no slow hash: SHA-256 of the normalised code is what is kept.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: FACTOR_LIMITS.recoveryCodeCount }, () => {
    let code = '';
    for (let i = 0; i < GROUP * 2; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
    return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
  });
}

/** What a typed code is compared by: case, spaces and hyphens do not matter, nor the letters people confuse. */
export function recoveryHash(typed: string): string {
  const normal = typed.toUpperCase().replace(/[\s-]+/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return sha256(`recovery:${normal}`);
}
