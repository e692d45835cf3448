// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { createPrivateKey, randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { SecretsService } from '../../platform/secrets.js';
import { secretBox } from '../../factors/secretBox.js';
import { randomId } from '../../platform/lib/crypto.js';
import { DAY } from '../../platform/lib/clock.js';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export type KeyStatus = 'next' | 'current' | 'retired';

export interface SamlKey {
  kid: string;
  generation: number;
  status: KeyStatus;
  /** base64 DER X.509 certificate. */
  certificate: string;
  createdAt: number;
  activatedAt: number | null;
  retiredAt: number | null;
}

/** The key that signs: its PEM private key and its certificate. */
export interface SigningKey { kid: string; privateKeyPem: string; certificate: string }

export type RotateOutcome =
  | { kind: 'rotated'; current: string; next: string }
  /** The current key is no longer the one seen: another rotation came first. */
  | { kind: 'stale' }
  /** The next key has not been published long enough; it may sign in waitMs. */
  | { kind: 'tooNew'; waitMs: number };

class StaleRotation extends Error {}

/** Long enough never to expire under an SP that checks it; rotation, not expiry, replaces keys. */
const CERT_YEARS = 10;

export type RsaBits = 2048 | 3072;

/**
 * An RSA key pair and its self-signed certificate. WebCrypto's RSA generation runs off the event
 * loop (libuv's pool), so a rotation does not stall the instance's other requests.
 */
export async function newKeyPair(entityId: string, now: number, bits: RsaBits): Promise<{ pkcs8: Buffer; certificate: string }> {
  const alg = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: bits };
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']) as CryptoKeyPair;
  const host = new URL(entityId).host.replace(/[,+"\\<>;=]/g, '');
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    // Positive (leading 01) and random: no two certificates of this issuer share one.
    serialNumber: `01${randomBytes(8).toString('hex')}`,
    name: `CN=${host} SAML IdP`,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + CERT_YEARS * 365 * DAY),
    signingAlgorithm: alg,
    keys,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { pkcs8, certificate: cert.toString('base64') };
}

const statusOf = (row: { activated_at: number | null; retired_at: number | null }): KeyStatus =>
  row.retired_at !== null ? 'retired' : row.activated_at === null ? 'next' : 'current';

/**
 * The identity provider's signing keys, in the database so that every instance signs with the same
 * key and publishes the same metadata. Unlike the OpenID Connect keys the private key is sealed
 * (secretBox, keyed by the installation secret): nothing in the table alone can sign an assertion.
 * There is always a current key and a next one: the metadata publishes both, so SPs that refresh
 * metadata trust the next key before it ever signs, and a rotation breaks nobody.
 */
export function samlKeys(db: Kysely<Database>, secrets: SecretsService, entityId: string, bits: RsaBits = 2048) {
  const box = secretBox(secrets, 'saml-signing-key');
  let cached: { at: number; key: SigningKey } | null = null;

  async function make(generation: number, now: number, active: boolean): Promise<void> {
    const kid = randomId(12);
    const { pkcs8, certificate } = await newKeyPair(entityId, now, bits);
    const pem = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ format: 'pem', type: 'pkcs8' }).toString();
    await db.insertInto('saml_keys').values({
      kid, generation, private_key: await box.seal(pem, kid), certificate, created_at: now, activated_at: active ? now : null, retired_at: null,
    }).onConflict((oc) => oc.column('generation').doNothing()).execute();
  }

  async function rows() {
    return db.selectFrom('saml_keys').selectAll().orderBy('generation', 'desc').execute();
  }

  /** Created on first use: generation 1 signs, generation 2 waits. Racing instances agree (generation is unique). */
  async function ensure(now: number): Promise<void> {
    const all = await rows();
    if (!all.some((r) => statusOf(r) === 'current')) await make(1, now, true);
    if (!all.some((r) => statusOf(r) === 'next')) {
      const newest = Math.max(1, ...all.map((r) => r.generation));
      await make(newest + 1, now, false);
    }
  }

  return {
    ensure,

    async list(now: number): Promise<SamlKey[]> {
      await ensure(now);
      return (await rows()).map((r) => ({
        kid: r.kid, generation: r.generation, status: statusOf(r), certificate: r.certificate, createdAt: r.created_at, activatedAt: r.activated_at, retiredAt: r.retired_at,
      }));
    },

    /** What the metadata publishes: the current key and the next one. */
    async published(now: number): Promise<SamlKey[]> {
      return (await this.list(now)).filter((k) => k.status !== 'retired');
    },

    /** The key that signs now (the newest current one); read again at most every few seconds, so a rotation reaches every instance. */
    async signing(now: number): Promise<SigningKey> {
      if (cached && now - cached.at < 5000 && now >= cached.at) return cached.key;
      await ensure(now);
      const row = await db.selectFrom('saml_keys').selectAll().where('activated_at', 'is not', null).where('retired_at', 'is', null)
        .orderBy('generation', 'desc').limit(1).executeTakeFirstOrThrow();
      const key = { kid: row.kid, privateKeyPem: await box.open(row.private_key, row.kid), certificate: row.certificate };
      cached = { at: now, key };
      return key;
    },

    /**
     * The next key signs from now on, the one that signed is retired (no longer published) and a
     * new next key is made. Only from the current key the caller saw (`seen`, else the one read
     * here): retiring it is one conditional UPDATE, so of rotations sent at once (or by two
     * instances) exactly one happens and the others answer `stale`. A next key made less than
     * `minPublishedMs` ago is refused (`tooNew`): SPs that cache the metadata have not all read it
     * yet, so two rotations back to back would make a key sign before it was trusted.
     */
    async rotate(now: number, minPublishedMs: number, seen?: string): Promise<RotateOutcome> {
      await ensure(now);
      const all = await rows();
      const current = all.find((r) => statusOf(r) === 'current');
      const next = [...all].reverse().find((r) => statusOf(r) === 'next');
      if (!current || !next || (seen !== undefined && seen !== current.kid)) return { kind: 'stale' };
      if (now - next.created_at < minPublishedMs) return { kind: 'tooNew', waitMs: next.created_at + minPublishedMs - now };
      const rotated = await db.transaction().execute(async (trx) => {
        const retired = await trx.updateTable('saml_keys').set({ retired_at: now }).where('kid', '=', current.kid).where('retired_at', 'is', null)
          .returning('kid').executeTakeFirst();
        if (!retired) return false;
        const activated = await trx.updateTable('saml_keys').set({ activated_at: now }).where('kid', '=', next.kid).where('activated_at', 'is', null)
          .where('retired_at', 'is', null).returning('kid').executeTakeFirst();
        // Retired under us without the next key becoming current: undo, so a current key always remains.
        if (!activated) throw new StaleRotation();
        await trx.updateTable('saml_keys').set({ retired_at: now }).where('generation', '<', next.generation).where('retired_at', 'is', null).execute();
        return true;
      }).catch((error: unknown) => {
        if (error instanceof StaleRotation) return false;
        throw error;
      });
      cached = null;
      if (!rotated) return { kind: 'stale' };
      await ensure(now);
      const published = (await rows()).filter((r) => r.retired_at === null);
      return {
        kind: 'rotated', current: published.find((r) => statusOf(r) === 'current')?.kid ?? '', next: published.find((r) => statusOf(r) === 'next')?.kid ?? '',
      };
    },
  };
}

export type SamlKeys = ReturnType<typeof samlKeys>;
