import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; `in (?, ?, …)` lists of varying length are what make more. */
const MAX_STATEMENTS = 500;

/**
 * Hands Kysely a database whose `prepare` reuses statements by SQL text. Kysely prepares every
 * query afresh, and parsing and planning the SQL was a fifth of the cost of a session-checked
 * read; the portal runs a few hundred distinct queries, so they all stay prepared.
 */
export function withStatementCache(database: SQLiteDatabase): SqliteDatabase {
  const prepared = new Map<string, Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = prepared.get(sql);
      if (!statement) {
        // Forgetting everything at the cap is cheaper than tracking recency, and the cap is never reached in normal use.
        if (prepared.size >= MAX_STATEMENTS) prepared.clear();
        statement = database.prepare(sql);
        prepared.set(sql, statement);
      }
      return statement;
    },
  };
}
