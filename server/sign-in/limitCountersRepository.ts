import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';
import { isSqlite } from '../platform/db/paging.js';
import { shifted } from '../platform/db/combined.js';

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
 * The second reservation of `takeBoth`, a WITH entry after `first`: its row is selected only when
 * the first had room (a refused address must not take the account's unit, which would let a
 * blocked address lock others out). The casts stand in for VALUES' typing by the target columns.
 */
const AFTER_FIRST = 'afterFirst';

/**
 * Budgets as counters, each check one atomic statement so that racing requests and several
 * instances on one database can never take more than the budget between them.
 */
export function limitCountersRepo(db: Kysely<Database>) {
  const sqlite = isSqlite(db);
  // Every sign-in runs these: built once (reusable.ts). PostgreSQL's combined statements are
  // made of their SQL (combined.ts), so each write is spelt out once.
  const taking = reusable(db, (v: { subject: string; now: number; windowStartAfter: number; limit: number }, shape) => {
    const stale = sql<boolean>`(limit_counters.window_start < ${v.windowStartAfter} or limit_counters.locked_until <= ${v.now})`;
    const into = db.insertInto('limit_counters');
    return (shape === AFTER_FIRST
      ? into.columns(['subject', 'hits', 'window_start', 'locked_until'])
        .expression(sql`select ${v.subject}::varchar, 1, ${v.now}::bigint, null::bigint where exists (select 1 from first)`)
      : into.values({ subject: v.subject, hits: 1, window_start: v.now, locked_until: null }))
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
  const takingOf = ({ subject, now, windowStartAfter, limit }: Taking) => ({ subject, now, windowStartAfter, limit });
  // `give`, and the first half of a settlement on PostgreSQL (what it returns is what the clear waits on).
  const giving = reusable(db, (v: { subject: string }) =>
    db.updateTable('limit_counters').set({ hits: sql`hits - 1` }).where('subject', '=', v.subject).where('hits', '>', 0)
      .returning(sql<number>`1`.as('given')));
  // The second half of a settlement on PostgreSQL, a WITH entry after `given`: reading it makes the
  // give run first, so the given row is locked before the cleared one.
  const clearing = reusable(db, (v: { subject: string; now: number }) =>
    db.updateTable('limit_counters').set({ hits: 0, window_start: v.now, locked_until: null })
      .where('subject', '=', v.subject).where(sql<boolean>`(select count(*) from given) >= 0`));
  // SQLite has no data-modifying WITH, and a single writer: the settlement is one update of both rows.
  const settling = reusable(db, (v: { given: string; cleared: string; now: number }) =>
    db.updateTable('limit_counters')
      .set({
        hits: sql`case when subject = ${v.cleared} then 0 else hits - 1 end`,
        window_start: sql`case when subject = ${v.cleared} then ${v.now} else window_start end`,
        locked_until: sql`case when subject = ${v.cleared} then null else locked_until end`,
      })
      .where((eb) => eb.or([eb('subject', '=', v.cleared), eb.and([eb('subject', '=', v.given), eb('hits', '>', 0)])])));

  /**
   * `settle` on PostgreSQL, as WITH entries whose parameters follow the `n`th: the given row is
   * locked before the cleared one (the clear reads the give), the order a double reservation
   * takes them in, so the two cannot deadlock. A sign-in's opening embeds them in its log row's
   * statement.
   */
  function settlingCtes(given: string, cleared: string, now: number): { ctes: (n: number) => string; parameters: unknown[] } {
    const give = giving.compiled({ subject: given });
    const clear = clearing.compiled({ subject: cleared, now });
    return {
      ctes: (n) => `given as (${shifted(give, n)}),\n  cleared as (${shifted(clear, n + give.parameters.length)})`,
      parameters: [...give.parameters, ...clear.parameters],
    };
  }

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
     * is a round trip and a commit; two on SQLite, where neither is. Each budget is still its own
     * atomic upsert; rows are locked first, then second — the order `settle` keeps.
     */
    async takeBoth(first: Taking, second: Taking): Promise<{ first: number | null; second: number | null }> {
      if (sqlite) {
        const firstHits = await this.take(first.subject, first.now, first.windowStartAfter, first.limit);
        return { first: firstHits, second: firstHits === null ? null : await this.take(second.subject, second.now, second.windowStartAfter, second.limit) };
      }
      const one = taking.compiled(takingOf(first));
      const two = taking.compiled(takingOf(second), AFTER_FIRST);
      const { rows: [row] } = await db.executeQuery<{ first: number | null; second: number | null }>(CompiledQuery.raw(
        `with first as (${one.sql}),\n  second as (${shifted(two, one.parameters.length)})\n  select (select hits from first) as first, (select hits from second) as second`,
        [...one.parameters, ...two.parameters],
      ));
      return { first: row.first === null ? null : Number(row.first), second: row.second === null ? null : Number(row.second) };
    },
    /** Gives one unit back (an attempt that succeeded, or a send that never happened). */
    async give(subject: string): Promise<void> {
      await giving({ subject });
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
      if (sqlite) {
        await settling({ given, cleared, now }, '', on);
        return;
      }
      const { ctes, parameters } = settlingCtes(given, cleared, now);
      await on.executeQuery(CompiledQuery.raw(`with ${ctes(0)} select 1`, parameters));
    },
    /** `settle` on PostgreSQL as WITH entries, for a statement that carries it (a sign-in's log row). */
    settlingCtes,
    async reset(subject: string): Promise<void> {
      await db.deleteFrom('limit_counters').where('subject', '=', subject).execute();
    },
  };
}

export type LimitCountersRepo = ReturnType<typeof limitCountersRepo>;
