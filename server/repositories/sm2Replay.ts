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
    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('sm2_replay').where('expires_at', '<', now).execute();
    },
  };
}
