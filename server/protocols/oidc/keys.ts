import { generateKeyPair, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { LIMITS } from '../../../contract/rules.js';
import type { Database } from '../../platform/db/schema.js';
import { randomId } from '../../platform/lib/crypto.js';
import { DAY } from '../../platform/lib/clock.js';

/** The algorithms the provider signs with; RS256 first, the one every relying party supports. */
const ALGS = ['RS256', 'ES256'] as const;
type Alg = (typeof ALGS)[number];

/**
 * How long a retired key stays published: the longest an id_token it signed can live, plus the
 * clock tolerance relying parties allow. Access tokens are opaque (looked up, not verified), so
 * the id_token is the longest-lived thing a key signs.
 */
export const KEY_RETENTION_MS = (LIMITS.oidcIdTokenTtlMax + 3600) * 1000;

export interface SigningKey {
  kid: string;
  generation: number;
  alg: string;
  jwk: JsonWebKey;
  createdAt: number;
  retiredAt: number | null;
}

const generate = promisify(generateKeyPair);

/**
 * Made in libuv's pool, not on the event loop: an RSA-2048 key takes 0.2–0.7 s of CPU, and a
 * scheduled rotation would otherwise stall every request of the instance for that long.
 */
async function newKey(alg: Alg): Promise<JsonWebKey> {
  const { privateKey } = alg === 'RS256'
    ? await generate('rsa', { modulusLength: 2048 })
    : await generate('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'jwk' });
}

const newKeySet = () => Promise.all(ALGS.map(newKey));

/** A key set made ahead of its use, taken by the next generation made in this process. */
let spare: Promise<JsonWebKey[]> | null = null;

/**
 * Starts making the first key set while the rest of the server is built: a store that was
 * just migrated from empty will ask for it as soon as the provider starts.
 */
export function prepareFirstSigningKeys(): void {
  if (spare) return;
  spare = newKeySet();
  // Nobody may take it (another instance made generation 1 first): that is not a failure.
  spare.catch(() => undefined);
}

/**
 * The provider's signing keys, kept in the database so every instance signs with the same key
 * and publishes the same set. Like the SM2 key pair they are stored as they are: a key every
 * instance must be able to use cannot be protected by anything the same database also holds.
 * A generation is one key per algorithm; the newest signs, older ones stay published (for
 * verification) until KEY_RETENTION_MS after they were retired, then they are deleted.
 */
export function signingKeys(db: Kysely<Database>) {
  async function newest(): Promise<number> {
    const row = await db.selectFrom('oidc_keys').select((eb) => eb.fn.max('generation').as('g')).executeTakeFirst();
    return Number(row?.g ?? 0);
  }

  /** Makes generation `g` (one key per algorithm). Racing instances make it once: the pair (generation, alg) is unique. */
  async function make(generation: number, now: number): Promise<void> {
    const pending = spare ?? newKeySet();
    spare = null;
    const made = await pending;
    for (const [i, alg] of ALGS.entries()) {
      const kid = randomId(12);
      const jwk = { ...made[i], kid, alg, use: 'sig' };
      await db.insertInto('oidc_keys').values({ kid, generation, alg, private_jwk: JSON.stringify(jwk), created_at: now, retired_at: null })
        .onConflict((oc) => oc.columns(['generation', 'alg']).doNothing()).execute();
    }
  }

  return {
    /** Every key still published, newest generation first (the provider signs with the first key of an algorithm). */
    async published(now: number): Promise<SigningKey[]> {
      await db.deleteFrom('oidc_keys').where('retired_at', '<=', now - KEY_RETENTION_MS).execute();
      const rows = await db.selectFrom('oidc_keys').selectAll().orderBy('generation', 'desc').orderBy('alg').execute();
      return rows.map((r) => ({
        kid: r.kid, generation: r.generation, alg: r.alg, jwk: JSON.parse(r.private_jwk) as JsonWebKey, createdAt: r.created_at, retiredAt: r.retired_at,
      }));
    },

    /** The first start makes generation 1; later starts find it. */
    async ensure(now: number): Promise<void> {
      if ((await newest()) === 0) await make(1, now);
    },

    /** A new generation signs from now on; the previous ones are retired but stay published for KEY_RETENTION_MS. */
    async rotate(now: number): Promise<void> {
      const generation = (await newest()) + 1;
      await make(generation, now);
      await db.updateTable('oidc_keys').set({ retired_at: now }).where('generation', '<', generation).where('retired_at', 'is', null).execute();
    },

    /** Rotates when the signing generation is older than the configured period. */
    async rotateIfDue(now: number, rotationDays: number): Promise<boolean> {
      if (!(rotationDays > 0)) return false;
      const row = await db.selectFrom('oidc_keys').select((eb) => eb.fn.max('created_at').as('at')).where('retired_at', 'is', null).executeTakeFirst();
      const at = Number(row?.at ?? 0);
      if (at && now - at < rotationDays * DAY) return false;
      await this.rotate(now);
      return true;
    },
  };
}

export type SigningKeys = ReturnType<typeof signingKeys>;

/** A fingerprint of the published set: when it changes, an instance rebuilds its provider. */
export const keySetVersion = (keys: SigningKey[]): string => keys.map((k) => `${k.kid}:${k.retiredAt ?? ''}`).join(',');
