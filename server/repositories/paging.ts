import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';

/**
 * Runs a filtered query twice: once counted, once for the page. `base` holds the joins and
 * filters; `select` adds columns and ordering for the page rows.
 */
export async function page<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  pageNum: number,
  pageSize: number,
): Promise<PageResult<R>> {
  const [count, rows] = await Promise.all([
    base.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst() as Promise<{ total: number | string } | undefined>,
    select(base).limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
  ]);
  return { datas: rows, total: Number(count?.total ?? 0) };
}

/** A LIKE pattern matching the text anywhere, with the wildcards in the text escaped. */
export function contains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" on a column, the same on SQLite and PostgreSQL. */
export function ilike(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${contains(text)} escape ${'\\'}`;
}
