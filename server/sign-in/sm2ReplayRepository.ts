import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';
import { isSqlite } from '../platform/db/paging.js';
import { shifted } from '../platform/db/combined.js';

/** Columns the combined claim adds to the read's row: which digests were new, and whether the read found a row. */
const CLAIMED = '__claimed';
const FOUND = '__found';

export function sm2ReplayRepo(db: Kysely<Database>) {
  const sqlite = isSqlite(db);
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
    /**
     * claimAll with a read of at most one row that does not depend on the claim (a sign-in's
     * account): one statement on PostgreSQL, where a round trip costs more than the read; the
     * claim and then the read on SQLite. The read sees the store as it was before the claim.
     */
    async claimAllReading<R>(digests: string[], expiresAt: number, read: CompiledQuery<R>): Promise<{ fresh: Set<string>; rows: R[] }> {
      if (sqlite) {
        const fresh = await this.claimAll(digests, expiresAt);
        return { fresh, rows: (await db.executeQuery(read)).rows };
      }
      const claim = claiming.compiled(claimValues(digests, expiresAt));
      const { rows: [row] } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(
        `with claimed as (${claim.sql}) select array(select digest from claimed) as ${CLAIMED}, r.* from (select 1) as one `
        + `left join (select true as ${FOUND}, q.* from (${shifted(read, claim.parameters.length)}) as q) as r on true`,
        [...claim.parameters, ...read.parameters],
      ));
      const { [CLAIMED]: claimed, [FOUND]: found, ...rest } = row;
      return { fresh: new Set(claimed as string[]), rows: found ? [rest as R] : [] };
    },
    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('sm2_replay').where('expires_at', '<', now).execute();
    },
  };
}
