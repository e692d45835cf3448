import { sha256 } from '../platform/lib/crypto.js';
import { sm2Decrypt, sm2KeyPair } from '../platform/lib/sm2Native.js';
import { DAY } from '../platform/lib/clock.js';
import { AppError } from '../platform/lib/errors.js';
import type { ServiceContext } from '../composition/context.js';
import { CODE } from '../../contract/codes.js';

const KEY = 'sm2.keypair';
/** How long a used ciphertext is remembered; the key pair is meant to rotate well within it. */
const REPLAY_RETENTION = 365 * DAY;

/** Decrypted fields whose ciphertexts are still to be claimed (Sm2Service.open). */
export interface Opened<F extends string> {
  plain: Record<F, string>;
  digests: string[];
  expiresAt: number;
  /** E00003 naming the first field whose digest is not among those the claim found new. */
  assertFresh(fresh: Set<string>): void;
}

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
   * Decrypts C1C3C2 hex ciphertexts by field (a ciphertext that does not decrypt is E00002) without
   * claiming them yet: the caller claims `digests` until `expiresAt` and hands `assertFresh` the
   * digests that were new. Any field seen before is E00003: a captured request cannot be replayed.
   */
  async function open<F extends string>(fields: Record<F, string>): Promise<Opened<F>> {
    const { privateKey } = await keyPair();
    const entries = Object.entries(fields) as [F, string][];
    const plain = {} as Record<F, string>;
    for (const [field, cipherHex] of entries) {
      plain[field] = plainOf(privateKey, cipherHex);
      if (!plain[field]) throw new AppError(CODE.cipherUndecryptable, { field });
    }
    const digests = entries.map(([field, cipherHex]) => sha256(`${field}:${cipherHex.toLowerCase()}`));
    return {
      plain,
      digests,
      expiresAt: ctx.clock.now() + REPLAY_RETENTION,
      assertFresh(fresh) {
        const replayed = entries.findIndex((_, i) => !fresh.has(digests[i]));
        if (replayed >= 0) throw new AppError(CODE.cipherReplayed, { field: entries[replayed][0] });
      },
    };
  }

  /** Decrypts every field and claims them together in one statement (open, then sm2ReplayRepo.claimAll). */
  async function decryptAll<F extends string>(fields: Record<F, string>): Promise<Record<F, string>> {
    const opened = await open(fields);
    opened.assertFresh(await ctx.repos.sm2Replay.claimAll(opened.digests, opened.expiresAt));
    return opened.plain;
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
    /** Decryption whose claim the caller makes with statements of its own (a password sign-in's: credentialClaimRepository.ts). */
    open,
  };
}

export type Sm2Service = ReturnType<typeof sm2Service>;
