import smCrypto from 'sm-crypto';
import { sha256 } from '../lib/crypto.js';
import { sm2Decrypt } from '../lib/sm2Native.js';
import { DAY } from '../lib/clock.js';
import { AppError } from '../domain/errors.js';
import type { ServiceContext } from './context.js';
import { CODE } from '../../contract/codes.js';

const { sm2 } = smCrypto;
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
      pair = existing ?? (await ctx.repos.config.setIfAbsent<KeyPair>(KEY, sm2.generateKeyPairHex()));
    }
    return pair;
  }

  return {
    keyPair,
    async publicKey(): Promise<{ pubX: string; pubY: string; full: string }> {
      const { publicKey } = await keyPair();
      // Uncompressed point: 04 || X (64 hex) || Y (64 hex).
      return { pubX: publicKey.slice(2, 66), pubY: publicKey.slice(66, 130), full: publicKey };
    },
    /**
     * Decrypts one C1C3C2 hex ciphertext of a field and refuses it if it was seen before:
     * a captured request cannot be replayed (E00003). A ciphertext that does not decrypt is E00002.
     */
    async decrypt(field: string, cipherHex: string): Promise<string> {
      const { privateKey } = await keyPair();
      // sm-crypto emits C1 without the 04 point prefix; other SM2 clients include it.
      const candidates = /^04/i.test(cipherHex) ? [cipherHex, cipherHex.slice(2)] : [cipherHex];
      let plain = '';
      for (const candidate of candidates) {
        plain = sm2Decrypt(candidate, privateKey) ?? '';
        if (plain) break;
      }
      if (!plain) throw new AppError(CODE.cipherUndecryptable, { field });
      const fresh = await ctx.repos.sm2Replay.claim(sha256(`${field}:${cipherHex.toLowerCase()}`), ctx.clock.now() + REPLAY_RETENTION);
      if (!fresh) throw new AppError(CODE.cipherReplayed, { field });
      return plain;
    },
  };
}

export type Sm2Service = ReturnType<typeof sm2Service>;
