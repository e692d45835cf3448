import { SqliteAdapter, sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { PageResult } from '../../../contract/schemas/common.js';

/**
 * Counting stops here: a list says "10,000+" rather than counting a million rows on every page
 * turn (nobody pages past page 1,000). Keeps every paged list O(page + cap) whatever the data.
 */
export const COUNT_CAP = 10_000;

/**
 * One page of a filtered query plus its (capped) total. `filtered` holds only the joins the
 * filters need, so the count stays on indexes; `select` adds the display joins, columns and order.
 */
export async function page<DB, TB extends keyof DB, O, R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  filtered: SelectQueryBuilder<DB, TB, O>,
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  pageNum: number,
  pageSize: number,
): Promise<PageResult<R>> {
  const limited = filtered.clearSelect().select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1).as('limited');
  const [count, rows] = await Promise.all([
    db.selectFrom(limited).select(sql<number>`count(*)`.as('total')).executeTakeFirst() as Promise<{ total: number | string } | undefined>,
    select(filtered).limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
  ]);
  const total = Number(count?.total ?? 0);
  return total > COUNT_CAP ? { datas: rows, total: COUNT_CAP, totalCapped: true } : { datas: rows, total };
}

/** A LIKE pattern matching the text anywhere, with the wildcards in the text escaped. */
export function contains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" on a column, the same on SQLite and PostgreSQL. */
export function ilike(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${contains(text)} escape ${'\\'}`;
}

/** "Starts with" as an index range (works on both stores, unlike LIKE with an index). */
export function startsWith(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${`${text}\uffff`})`;
}

/** Maps the rows of a page, keeping its total and whether the count was capped. */
export function mapPage<R, T>(result: PageResult<R>, map: (row: R) => T): PageResult<T> {
  return { ...result, datas: result.datas.map(map) };
}

/** Whether the store is the embedded SQLite (in-process: no round trips; its own search and planner). */
export const isSqlite = <DB>(db: Kysely<DB>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;
