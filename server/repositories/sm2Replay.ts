import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function sm2ReplayRepo(db: Kysely<Database>) {
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
      const rows = await db
        .insertInto('sm2_replay')
        .values(digests.map((digest) => ({ digest, expires_at: expiresAt })))
        .onConflict((oc) => oc.column('digest').doNothing())
        .returning('digest')
        .execute();
      return new Set(rows.map((r) => r.digest));
    },
    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('sm2_replay').where('expires_at', '<', now).execute();
    },
  };
}
