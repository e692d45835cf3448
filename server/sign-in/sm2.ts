import type { CompiledQuery } from 'kysely';
import { sha256 } from '../platform/lib/crypto.js';
import { sm2Decrypt, sm2KeyPair } from '../platform/lib/sm2Native.js';
import { DAY } from '../platform/lib/clock.js';
import { AppError } from '../platform/lib/errors.js';
import type { ServiceContext } from '../composition/context.js';
import { CODE } from '../../contract/codes.js';

const KEY = 'sm2.keypair';
/** How long a used ciphertext is remembered; the key pair is meant to rotate well within it. */
const REPLAY_RETENTION = 365 * DAY;

interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/** The server's SM2 key pair (generated on first start, persisted) and replay-safe decryption. */
export function sm2Service(ctx: ServiceContext) {
  let pair: KeyPair | null = null;

  async function keyPair(): Promise<KeyPair> {
    if (!pair) {
      const existing = await ctx.repos.config.get<KeyPair>(KEY);
      pair = existing ?? (await ctx.repos.config.setIfAbsent<KeyPair>(KEY, sm2KeyPair()));
    }
    return pair;
  }

  const plainOf = (privateKey: string, cipherHex: string): string => {
    // sm-crypto emits C1 without the 04 point prefix; other SM2 clients include it.
    const candidates = /^04/i.test(cipherHex) ? [cipherHex, cipherHex.slice(2)] : [cipherHex];
    for (const candidate of candidates) {
      const plain = sm2Decrypt(candidate, privateKey);
      if (plain) return plain;
    }
    return '';
  };

  /**
   * Decrypts C1C3C2 hex ciphertexts by field and refuses any seen before: a captured request
   * cannot be replayed (E00003). A ciphertext that does not decrypt is E00002.
   */
  async function decryptAll<F extends string>(fields: Record<F, string>): Promise<Record<F, string>> {
    return (await decryptAllReading(fields, () => null)).plain;
  }

  /**
   * decryptAll, with a read the plain text decides (none: null) made in the claim's statement:
   * its rows come back only when no field was replayed.
   */
  async function decryptAllReading<F extends string, R>(
    fields: Record<F, string>, read: (plain: Record<F, string>) => CompiledQuery<R> | null,
  ): Promise<{ plain: Record<F, string>; rows: R[] | null }> {
    const { privateKey } = await keyPair();
    const entries = Object.entries(fields) as [F, string][];
    const plain = {} as Record<F, string>;
    for (const [field, cipherHex] of entries) {
      plain[field] = plainOf(privateKey, cipherHex);
      if (!plain[field]) throw new AppError(CODE.cipherUndecryptable, { field });
    }
    const digests = entries.map(([field, cipherHex]) => sha256(`${field}:${cipherHex.toLowerCase()}`));
    const expiresAt = ctx.clock.now() + REPLAY_RETENTION;
    const query = read(plain);
    const { fresh, rows } = query
      ? await ctx.repos.sm2Replay.claimAllReading(digests, expiresAt, query)
      : { fresh: await ctx.repos.sm2Replay.claimAll(digests, expiresAt), rows: null };
    const replayed = entries.findIndex((_, i) => !fresh.has(digests[i]));
    if (replayed >= 0) throw new AppError(CODE.cipherReplayed, { field: entries[replayed][0] });
    return { plain, rows };
  }

  return {
    keyPair,
    async publicKey(): Promise<{ pubX: string; pubY: string; full: string }> {
      const { publicKey } = await keyPair();
      // Uncompressed point: 04 || X (64 hex) || Y (64 hex).
      return { pubX: publicKey.slice(2, 66), pubY: publicKey.slice(66, 130), full: publicKey };
    },
    /** One field's ciphertext (decryptAll). */
    async decrypt(field: string, cipherHex: string): Promise<string> {
      return (await decryptAll({ [field]: cipherHex }))[field];
    },
    /**
     * Several fields of one request: every one is decrypted (E00002 names the first that does
     * not) before their digests are claimed together in one statement (E00003 names the first
     * seen before), so a sign-in pays one round trip for its two ciphertexts.
     */
    decryptAll,
    /** decryptAll with one read riding on the claim's round trip (a sign-in's account). */
    decryptAllReading,
  };
}

export type Sm2Service = ReturnType<typeof sm2Service>;
