import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';

export function sm2ReplayRepo(db: Kysely<Database>) {
  // A sign-in claims two digests, other calls one: built once per count (reusable.ts).
  const claimValues = (digests: string[], expiresAt: number) => ({ ...Object.fromEntries(digests.map((digest, i) => [`d${i}`, digest])), expiresAt });
  const claiming = reusable(db, (v: Record<string, string | number>) => db
    .insertInto('sm2_replay')
    .values(Object.keys(v).filter((k) => k !== 'expiresAt').map((k) => ({ digest: v[k] as string, expires_at: v.expiresAt as number })))
    .onConflict((oc) => oc.column('digest').doNothing())
    .returning('digest'));
  return {
    /** Records a ciphertext digest; false when it was already seen (a replay). */
    async claim(digest: string, expiresAt: number): Promise<boolean> {
      const result = await db
        .insertInto('sm2_replay')
        .values({ digest, expires_at: expiresAt })
        .onConflict((oc) => oc.column('digest').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    /** Records several digests in one statement; answers those that were new (the others are replays). */
    async claimAll(digests: string[], expiresAt: number): Promise<Set<string>> {
      const rows = await claiming(claimValues(digests, expiresAt));
      return new Set(rows.map((r) => r.digest));
    },
    /** claimAll's statement, for a caller that runs it with others (a sign-in's claim: credentialClaimRepository.ts). */
    claimQuery: (digests: string[], expiresAt: number) => claiming.compiled(claimValues(digests, expiresAt)),
    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('sm2_replay').where('expires_at', '<', now).execute();
    },
  };
}

export type Sm2ReplayRepo = ReturnType<typeof sm2ReplayRepo>;
