import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { Kysely, SqliteDatabase } from 'kysely';
import type pg from 'pg';
import { metrics } from '../ops/metrics.js';

/**
 * The drivers under a store's Kysely, for the few statements every token request runs: Kysely's
 * executor (its connection provider, mutex, logging, result transforms) cost several promises and
 * kilobytes per statement, as much as SQLite took to run them (docs/DECISIONS.md, "OpenID
 * Connect"). Only compiled SQL with parameters goes this way; /metrics still times each statement.
 */
export type DirectStore =
  | {
      kind: 'sqlite';
      /**
       * Runs `work` (one statement) synchronously on the one connection, or answers null when a
       * Kysely caller holds it: it may have opened a transaction that `work` must not run inside.
       */
      now<T>(work: (prepare: (sql: string) => Statement) => T): T | null;
      /** Runs `work` in a transaction of its own, waiting for the connection when it is held. */
      transaction<T>(work: (prepare: (sql: string) => Statement) => T): Promise<T>;
    }
  | {
      kind: 'postgres';
      rows<R>(sql: string, parameters: readonly unknown[]): Promise<R[]>;
    };

const stores = new WeakMap<object, DirectStore>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const directOf = (db: Kysely<any>): DirectStore | undefined => stores.get(db);

/** Whether a Kysely caller holds SQLite's one connection (a statement or a transaction in progress). */
export interface SqliteHold { held: number }

/** `database` is the statement cache Kysely prepares through (statementCache.ts), over `raw`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function directSqlite(db: Kysely<any>, database: SqliteDatabase, raw: SQLiteDatabase, hold: SqliteHold): void {
  const timed = <T>(work: () => T): T => {
    const started = performance.now();
    try {
      const result = work();
      metrics.query('sqlite', performance.now() - started, false);
      return result;
    } catch (error) {
      metrics.query('sqlite', performance.now() - started, true);
      throw error;
    }
  };
  const prepare = (sql: string) => database.prepare(sql) as unknown as Statement;
  // Wrapped once: better-sqlite3's `transaction` builds four wrappers and their properties per call.
  const transact = raw.transaction((work: (p: typeof prepare) => unknown) => work(prepare));
  const inTransaction = <T>(work: (p: typeof prepare) => T): T => timed(() => transact(work) as T);
  stores.set(db, {
    kind: 'sqlite',
    now: (work) => (hold.held > 0 ? null : timed(() => work(prepare))),
    // Taking the connection through Kysely waits for whoever holds it; while taken, nothing else starts.
    transaction: async (work) => (hold.held > 0 ? db.connection().execute(async () => inTransaction(work)) : inTransaction(work)),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function directPostgres(db: Kysely<any>, pool: pg.Pool): void {
  stores.set(db, {
    kind: 'postgres',
    async rows<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
      const started = performance.now();
      // pool.connect, not pool.query: the prepared-statement names are given to connected clients (preparedStatements.ts).
      const client = await pool.connect();
      try {
        const result = await client.query(sql, parameters as unknown[]);
        metrics.query('postgres', performance.now() - started, false);
        return result.rows as R[];
      } catch (error) {
        metrics.query('postgres', performance.now() - started, true);
        throw error;
      } finally {
        client.release();
      }
    },
  });
}
