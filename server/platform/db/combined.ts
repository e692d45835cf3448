import type { CompiledQuery } from 'kysely';

/**
 * A compiled PostgreSQL statement's SQL with its parameters numbered after the `by`th, so it can
 * sit inside another statement whose own parameters come first (a data-modifying WITH: one round
 * trip and one commit where two statements were two of each). Only for SQL Kysely compiled or the
 * portal wrote: it has no `$n` inside a string or a dollar quote.
 */
export function shifted(query: CompiledQuery, by: number): string {
  return by === 0 ? query.sql : query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);
}
