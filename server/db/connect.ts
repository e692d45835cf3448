import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql, Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.js';
import { withStatementCache } from './statementCache.js';
import { withPreparedStatements } from './preparedStatements.js';
import { init } from './migrations/0001_init.js';
import { listIndexes } from './migrations/0002_list_indexes.js';
import { limits } from './migrations/0003_limits.js';
import { workbench } from './migrations/0004_workbench.js';
import { oidc } from './migrations/0005_oidc.js';

export type StoreKind = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  kind: StoreKind;
  /** PostgreSQL schema holding the tables, when not the default one. */
  schema?: string;
}

// int8 columns hold epoch milliseconds, which fit a JS number exactly.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Opens the store named by a DATABASE_URL: `file:<path>` (SQLite) or `postgres://…`.
 * A `?schema=name` on a postgres URL puts every table in that schema (tests use a fresh one).
 */
export function openStore(databaseUrl: string): Store {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const url = new URL(databaseUrl);
    const schema = url.searchParams.get('schema');
    url.searchParams.delete('schema');
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('schema name must be a plain identifier');
    const pool = new pg.Pool({
      connectionString: url.toString(),
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) }), kind: 'postgres', schema: schema ?? undefined };
  }
  const file = databaseUrl.startsWith('file:') ? databaseUrl.slice(5) : databaseUrl;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }), kind: 'sqlite' };
}

function provider(kind: StoreKind): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return { '0001_init': init(kind), '0002_list_indexes': listIndexes, '0003_limits': limits, '0004_workbench': workbench(kind), '0005_oidc': oidc };
    },
  };
}

export async function migrate(store: Store): Promise<void> {
  if (store.schema) await sql.raw(`create schema if not exists ${store.schema}`).execute(store.db);
  // Name the schema: the introspection behind "does the migration table exist" sees every schema.
  const migrator = new Migrator({ db: store.db, provider: provider(store.kind), ...(store.schema ? { migrationTableSchema: store.schema } : {}) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
