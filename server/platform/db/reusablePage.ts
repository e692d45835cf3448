import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isSqlite } from './paging.js';
import type { PageResult } from '../../../contract/schemas/common.js';
import { COUNT_CAP } from './paging.js';
import { reusable } from './reusable.js';

/** What a list gives for one shape: its filtered rows (for the count), its page query, its order restated on the page's columns. */
export interface PageShape<R> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  filtered: SelectQueryBuilder<any, any, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rows: SelectQueryBuilder<any, any, R>;
  /** The page's ORDER BY on its output columns as `p.<column> asc|desc, …` (from an allow-list, never from input). */
  order: string;
  /** A cheaper exact `total` than counting the filtered rows, where the store keeps one. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  total?: SelectQueryBuilder<any, any, { total: number | string }>;
}

/**
 * The total a page already tells, without counting: one that is neither empty nor full ends the
 * list, and an empty first page is an empty list. A full page, or an empty one past the first,
 * says nothing about what lies beyond it.
 */
export function knownTotal(offset: number, pageSize: number, rows: number): number | null {
  if (rows > 0 && rows < pageSize) return offset + rows;
  return offset === 0 && rows === 0 ? 0 : null;
}

export interface PageOptions<V> {
  /**
   * Count apart from the page even where the store could join them (PostgreSQL); a shape's kept
   * `total` still comes with the page, as a column of its rows.
   */
  countApart?: boolean;
  /**
   * Where count and page are apart (SQLite), the exact total found another way than counting the
   * filtered rows, or any number above COUNT_CAP when it is past the cap.
   */
  total?: (values: V) => Promise<number>;
}

/**
 * A paged list built once per shape (reusable.ts). On PostgreSQL the capped count and the page
 * are one statement (joined), so a page costs one round trip instead of two. The count still
 * stops at COUNT_CAP + 1 rows (paging.ts). `key` is a column every real row has: a page past
 * the end comes back as the count alone. Run apart, the page comes first and the count only when
 * the page does not already tell the total (knownTotal): a short list costs one statement, and
 * so does any page of a shape with a kept `total` (it comes as a column of the rows, which the
 * caller's mapping leaves out), but an empty one past the first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function reusablePage<V extends Record<string, unknown>, R extends Record<string, unknown>>(db: Kysely<any>, key: keyof R & string, build: (values: V, shape: string) => PageShape<R>, options: PageOptions<V> = {}) {
  // SQLite answers in-process: a round trip costs nothing there, and the joined form made it
  // materialise and sort the page again, so it runs the two statements.
  const inProcess = isSqlite(db);
  const counted = ({ filtered, total }: PageShape<R>) => {
    if (total) return total;
    const matching = filtered.clearSelect();
    // SQLite steps a row at the cap's offset in half the time it feeds a row to a capped count's
    // subquery: a long list is known to be past the cap from that row alone, and a shorter one
    // is counted whole (walking it twice costs about what the capped count did).
    if (inProcess) return db.selectNoFrom(sql<number>`case when exists ${matching.select(sql`1`.as('one')).limit(1).offset(COUNT_CAP)} then ${COUNT_CAP + 1} else ${matching.select(sql`count(*)`.as('n'))} end`.as('total'));
    return db.selectFrom(matching.select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1).as('limited')).select(sql<number>`count(*)`.as('total'));
  };
  type Values = V & { pageSize: number; offset: number };
  const together = reusable(db, (v: Values, shape) => {
    const shaped = build(v, shape);
    const { rows, order } = shaped;
    return sql<R & { total: number | string }>`select p.*, c.total from (${counted(shaped)}) as c left join (${rows.limit(v.pageSize).offset(v.offset)}) as p on 1 = 1 order by ${sql.raw(order)}`;
  });
  const count = reusable(db, (v: V, shape) => counted(build(v, shape)));
  // A kept total is a few index reads: carried as a column of the page it costs no statement of
  // its own, which on SQLite was a fifth of the queue's SQL and on PostgreSQL a round trip.
  const rowsOnly = reusable(db, (v: Values, shape) => {
    const { rows, total } = build(v, shape);
    return (total ? rows.select(total.as('total')) : rows).limit(v.pageSize).offset(v.offset);
  });
  // A list whose count is planned worse inside the page's statement than alone (the approval
  // queue's) takes the two round trips.
  const apart = inProcess || options.countApart === true;

  return async (values: V, pageNum: number, pageSize: number, shape = ''): Promise<PageResult<R>> => {
    const paged = { ...values, pageSize, offset: (pageNum - 1) * pageSize };
    let total: number;
    let datas: R[];
    if (apart) {
      datas = await rowsOnly(paged, shape);
      // Only an empty page past the first has no row to carry a kept total: it is counted apart.
      const carried = (datas[0] as { total?: number | string } | undefined)?.total;
      total = knownTotal(paged.offset, pageSize, datas.length) ?? (carried != null ? Number(carried) : null)
        ?? (options.total ? await options.total(values) : Number((await count(values, shape))[0]?.total ?? 0));
    } else {
      const found = await together(paged, shape);
      total = Number(found[0]?.total ?? 0);
      datas = found.filter((r) => r[key] !== null).map(({ total: _, ...row }) => row as unknown as R);
    }
    return total > COUNT_CAP ? { datas, total: COUNT_CAP, totalCapped: true } : { datas, total };
  };
}
