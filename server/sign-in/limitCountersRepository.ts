import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';
import { isSqlite } from '../platform/db/paging.js';

/** One budget's state: units taken in the window that started at `windowStart`, and any lock. */
export interface LimitCounter {
  subject: string;
  hits: number;
  windowStart: number;
  lockedUntil: number | null;
}

/** One unit to take from a budget (LimitCountersRepo.take's arguments). */
export interface Taking { subject: string; now: number; windowStartAfter: number; limit: number }

/**
 * `take` as PostgreSQL SQL, its parameters after the `n`th: subject, now, windowStartAfter, limit;
 * `row`: the new row (VALUES or a SELECT).
 */
const takingSql = (n: number, row: string) => {
  const stale = `(c.window_start < $${n + 3} or c.locked_until <= $${n + 2})`;
  return `insert into limit_counters as c (subject, hits, window_start, locked_until) ${row}
    on conflict (subject) do update set
      hits = case when ${stale} then 1 else c.hits + 1 end,
      window_start = case when ${stale} then excluded.window_start else c.window_start end,
      locked_until = case when ${stale} then null else c.locked_until end
    where ${stale} or (c.locked_until is null and c.hits < $${n + 4})
    returning hits`;
};

/**
 * Two budgets in one PostgreSQL statement, each its own atomic upsert: the second is taken only
 * when the first had room (a refused address must not take the account's unit, which would let a
 * blocked address lock others out). Rows are locked first, then second — the order `settle` keeps.
 */
const TAKING_BOTH = `with first as (${takingSql(0, 'values ($1, 1, $2::bigint, null)')}),
  second as (${takingSql(4, 'select $5::varchar, 1, $6::bigint, null::bigint where exists (select 1 from first)')})
  select (select hits from first) as first, (select hits from second) as second`;

/**
 * `settle` on PostgreSQL, as WITH entries whose parameters follow the `n`th (given, cleared, now):
 * the given row is locked before the cleared one (the reference makes the give run first), the
 * order a double reservation takes them in, so the two cannot deadlock. A sign-in's opening
 * embeds them in its log row's statement.
 */
export const settlingCtes = (n: number) => `given as (update limit_counters set hits = hits - 1 where subject = $${n + 1} and hits > 0 returning 1),
  cleared as (update limit_counters set hits = 0, window_start = $${n + 3}, locked_until = null where subject = $${n + 2} and (select count(*) from given) >= 0)`;
const SETTLING = `with ${settlingCtes(0)} select 1`;

/**
 * Budgets as counters, each check one atomic statement so that racing requests and several
 * instances on one database can never take more than the budget between them.
 */
export function limitCountersRepo(db: Kysely<Database>) {
  const sqlite = isSqlite(db);
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
    /**
     * Takes a unit of `first` and then, only when that had room, of `second`: what `take` answers
     * for each (`second` null also when it was not tried). One statement on PostgreSQL, where each
     * is a round trip and a commit; two on SQLite, where neither is.
     */
    async takeBoth(first: Taking, second: Taking): Promise<{ first: number | null; second: number | null }> {
      if (sqlite) {
        const firstHits = await this.take(first.subject, first.now, first.windowStartAfter, first.limit);
        return { first: firstHits, second: firstHits === null ? null : await this.take(second.subject, second.now, second.windowStartAfter, second.limit) };
      }
      const { rows: [row] } = await db.executeQuery<{ first: number | null; second: number | null }>(CompiledQuery.raw(TAKING_BOTH, [
        first.subject, first.now, first.windowStartAfter, first.limit, second.subject, second.now, second.windowStartAfter, second.limit,
      ]));
      return { first: row.first === null ? null : Number(row.first), second: row.second === null ? null : Number(row.second) };
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
     * starting now, which is what a missing row means to `take`). `on`: a transaction it stands
     * or falls with (a sign-in's session).
     */
    async settle(given: string, cleared: string, now: number, on: Kysely<Database> = db): Promise<void> {
      if (sqlite) await settling({ given, cleared, now }, '', on);
      else await on.executeQuery(CompiledQuery.raw(SETTLING, [given, cleared, now]));
    },
    async reset(subject: string): Promise<void> {
      await db.deleteFrom('limit_counters').where('subject', '=', subject).execute();
    },
  };
}

export type LimitCountersRepo = ReturnType<typeof limitCountersRepo>;
