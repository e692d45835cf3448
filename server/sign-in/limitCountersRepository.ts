import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';

/** One budget's state: units taken in the window that started at `windowStart`, and any lock. */
export interface LimitCounter {
  subject: string;
  hits: number;
  windowStart: number;
  lockedUntil: number | null;
}

/**
 * Budgets as counters, each check one atomic statement so that racing requests and several
 * instances on one database can never take more than the budget between them.
 */
export function limitCountersRepo(db: Kysely<Database>) {
  // Every sign-in runs these: built once (reusable.ts).
  const taking = reusable(db, (v: { subject: string; now: number; windowStartAfter: number; limit: number }) => {
    const stale = sql<boolean>`(limit_counters.window_start < ${v.windowStartAfter} or limit_counters.locked_until <= ${v.now})`;
    return db
      .insertInto('limit_counters')
      .values({ subject: v.subject, hits: 1, window_start: v.now, locked_until: null })
      .onConflict((oc) =>
        oc.column('subject')
          .doUpdateSet({
            hits: sql`case when ${stale} then 1 else limit_counters.hits + 1 end`,
            window_start: sql`case when ${stale} then ${v.now} else limit_counters.window_start end`,
            locked_until: sql`case when ${stale} then null else limit_counters.locked_until end`,
          })
          .where(sql<boolean>`${stale} or (limit_counters.locked_until is null and limit_counters.hits < ${v.limit})`),
      )
      .returning('hits');
  });
  const settling = reusable(db, (v: { given: string; cleared: string; now: number }) =>
    db.updateTable('limit_counters')
      .set({
        hits: sql`case when subject = ${v.cleared} then 0 else hits - 1 end`,
        window_start: sql`case when subject = ${v.cleared} then ${v.now} else window_start end`,
        locked_until: sql`case when subject = ${v.cleared} then null else locked_until end`,
      })
      .where((eb) => eb.or([eb('subject', '=', v.cleared), eb.and([eb('subject', '=', v.given), eb('hits', '>', 0)])])));

  return {
    get(subject: string): Promise<LimitCounter | undefined> {
      return db.selectFrom('limit_counters')
        .select(['subject', 'hits', 'window_start as windowStart', 'locked_until as lockedUntil'])
        .where('subject', '=', subject).executeTakeFirst();
    },
    /**
     * Takes one unit of a budget of `limit` per window and returns how many are taken now, or
     * null when the budget is spent or the subject is locked. A window that started before
     * `windowStartAfter`, or a lock that has run out, starts afresh.
     */
    async take(subject: string, now: number, windowStartAfter: number, limit: number): Promise<number | null> {
      const [row] = await taking({ subject, now, windowStartAfter, limit });
      return row ? Number(row.hits) : null;
    },
    /** Gives one unit back (an attempt that succeeded, or a send that never happened). */
    async give(subject: string): Promise<void> {
      await db.updateTable('limit_counters').set({ hits: sql`hits - 1` }).where('subject', '=', subject).where('hits', '>', 0).execute();
    },
    async lock(subject: string, until: number): Promise<void> {
      await db.insertInto('limit_counters').values({ subject, hits: 0, window_start: until, locked_until: until })
        .onConflict((oc) => oc.column('subject').doUpdateSet({ locked_until: until }))
        .execute();
    },
    /**
     * A credential check that succeeded, in one statement: the address's unit goes back (as
     * `give`) and the account's counter starts afresh (as `reset`: no hits, no lock, a window
     * starting now, which is what a missing row means to `take`).
     */
    async settle(given: string, cleared: string, now: number): Promise<void> {
      await settling({ given, cleared, now });
    },
    async reset(subject: string): Promise<void> {
      await db.deleteFrom('limit_counters').where('subject', '=', subject).execute();
    },
  };
}

export type LimitCountersRepo = ReturnType<typeof limitCountersRepo>;
