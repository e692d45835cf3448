import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql, Kysely, Migrator, PostgresDialect, SqliteAdapter, SqliteDialect, SqliteDriver, type LogEvent, type Migration, type MigrationLockOptions, type MigrationProvider, type SqliteDialectConfig } from 'kysely';
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
import { secondFactors } from './migrations/0006_second_factors.js';
import { speedIndexes } from './migrations/0007_speed_indexes.js';
import { retentionIndexes } from './migrations/0008_retention_indexes.js';
import { pendingRequestUnique } from './migrations/0009_pending_request_unique.js';
import { pendingCounts } from './migrations/0010_pending_counts.js';
import { memberOrder } from './migrations/0011_member_order.js';
import { memberCounts } from './migrations/0012_member_counts.js';
import { scimNameParts } from './migrations/0013_scim_name_parts.js';
import { userSearch } from './migrations/0014_user_search.js';
import { policyVersions } from './migrations/0015_policy_versions.js';
import { registrationPending } from './migrations/0016_registration_pending.js';
import { noticeReads } from './migrations/0017_notice_reads.js';
import { samlCasRegistry } from './migrations/0018_saml_cas_registry.js';
import { saml } from './migrations/0019_saml.js';
import { cas } from './migrations/0020_cas.js';
import { samlLogout } from './migrations/0021_saml_logout.js';
import { directorySync } from './migrations/0022_directory_sync.js';
import { upstreamProviders } from './migrations/0023_upstream_providers.js';
import { adminDuties } from './migrations/0024_admin_duties.js';
import { auditTrail } from './migrations/0025_audit_trail.js';
import { delegatedScopes } from './migrations/0026_delegated_scopes.js';
import { adaptiveSignIn } from './migrations/0027_adaptive_sign_in.js';
import { loginDayCounts } from './migrations/0028_login_day_counts.js';
import { metrics } from '../ops/metrics.js';
import { directPostgres, directSqlite, type SqliteHold } from './direct.js';
import { openPostgresPool, probePostgres, type PostgresLimits } from './postgresPool.js';

export type StoreKind = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  kind: StoreKind;
  /** PostgreSQL schema holding the tables, when not the default one. */
  schema?: string;
  /** The PostgreSQL pool, for its use on /metrics. */
  pool?: pg.Pool;
  /** Answers whether the database is reachable within timeoutMs, by a path that does not queue on the pool. */
  probe(timeoutMs: number): Promise<void>;
  /** Where lost connections are reported (the server's log once it exists; stderr before). */
  onConnectionError: (error: Error) => void;
}

/** Limits the server sets on its store (PostgreSQL only; SQLite has no connection to lose). */
export type StoreOptions = PostgresLimits;

// int8 columns hold epoch milliseconds, which fit a JS number exactly.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Opens the store named by a DATABASE_URL: `file:<path>` (SQLite) or `postgres://…`.
 * A `?schema=name` on a postgres URL puts every table in that schema (tests use a fresh one).
 */
export function openStore(databaseUrl: string, options: StoreOptions = {}): Store {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const url = new URL(databaseUrl);
    const schema = url.searchParams.get('schema');
    url.searchParams.delete('schema');
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('schema name must be a plain identifier');
    const connectionString = url.toString();
    const store: Store = {
      db: undefined as unknown as Kysely<Database>,
      kind: 'postgres',
      schema: schema ?? undefined,
      probe: (timeoutMs) => probePostgres(connectionString, timeoutMs),
      onConnectionError: (error) => console.warn(`database connection lost: ${error.message}`),
    };
    store.pool = openPostgresPool(connectionString, schema, options, (error) => store.onConnectionError(error));
    store.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(store.pool) }), log: timed('postgres') });
    directPostgres(store.db, store.pool);
    return store;
  }
  const file = databaseUrl.startsWith('file:') ? databaseUrl.slice(5) : databaseUrl;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const cached = withStatementCache(database);
  const hold: SqliteHold = { held: 0 };
  const db = new Kysely<Database>({ dialect: new LockingSqliteDialect({ database: cached }, hold), log: timed('sqlite') });
  directSqlite(db, cached, database, hold);
  return {
    db,
    kind: 'sqlite',
    // The file is this process's own: it answers, or the disk is gone and nothing else would.
    probe: async () => { await sql`select 1`.execute(db); },
    onConnectionError: () => undefined,
  };
}

/** Every statement's time on /metrics (Kysely reports it after the driver answered). */
function timed(kind: StoreKind) {
  return (event: LogEvent) => metrics.query(kind, event.queryDurationMillis, event.level === 'error');
}

/** How long a SQLite migration lock is held at most, should its process die while holding it. */
const SQLITE_LOCK_LEASE_MS = 120_000;

/**
 * Kysely takes no migration lock on SQLite, trusting its single connection; but several
 * processes may open one file. The lock row becomes a lease (the time it ends, in `is_locked`),
 * taken by one conditional UPDATE, so the second process waits, then finds nothing to run.
 * A lease, not a flag: a process killed mid-migration does not lock the file for ever.
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>, opt: MigrationLockOptions): Promise<void> {
    const deadline = Date.now() + SQLITE_LOCK_LEASE_MS;
    for (;;) {
      const now = Date.now();
      const taken = await sql`update ${sql.table(opt.lockTable)} set is_locked = ${now + SQLITE_LOCK_LEASE_MS} where id = ${opt.lockRowId} and is_locked < ${now}`.execute(db);
      if (Number(taken.numAffectedRows ?? 0) === 1) return;
      if (now > deadline) throw new Error('Another process has held the migration lock for too long');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  override async releaseMigrationLock(db: Kysely<unknown>, opt: MigrationLockOptions): Promise<void> {
    await sql`update ${sql.table(opt.lockTable)} set is_locked = 0 where id = ${opt.lockRowId}`.execute(db);
  }
}

/** Counts who holds the one connection, so statements run beside Kysely know when it is free (direct.ts). */
class HoldingSqliteDriver extends SqliteDriver {
  constructor(config: SqliteDialectConfig, private readonly hold: SqliteHold) {
    super(config);
  }

  override async acquireConnection() {
    const connection = await super.acquireConnection();
    this.hold.held++;
    return connection;
  }

  override async releaseConnection() {
    this.hold.held--;
    await super.releaseConnection();
  }
}

class LockingSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig, private readonly hold: SqliteHold) {
    super(settings);
  }

  override createAdapter() {
    return new LockingSqliteAdapter();
  }

  override createDriver() {
    return new HoldingSqliteDriver(this.settings, this.hold);
  }
}

function provider(kind: StoreKind): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return withoutStatementTimeout(kind, { '0001_init': init(kind), '0002_list_indexes': listIndexes, '0003_limits': limits, '0004_workbench': workbench(kind), '0005_oidc': oidc, '0006_second_factors': secondFactors(kind), '0007_speed_indexes': speedIndexes(kind), '0008_retention_indexes': retentionIndexes, '0009_pending_request_unique': pendingRequestUnique, '0010_pending_counts': pendingCounts(kind), '0011_member_order': memberOrder, '0012_member_counts': memberCounts(kind), '0013_scim_name_parts': scimNameParts, '0014_user_search': userSearch(kind), '0015_policy_versions': policyVersions(kind), '0016_registration_pending': registrationPending, '0017_notice_reads': noticeReads, '0018_saml_cas_registry': samlCasRegistry, '0019_saml': saml, '0020_cas': cas(kind), '0021_saml_logout': samlLogout, '0022_directory_sync': directorySync, '0023_upstream_providers': upstreamProviders, '0024_admin_duties': adminDuties, '0025_audit_trail': auditTrail(kind), '0026_delegated_scopes': delegatedScopes, '0027_adaptive_sign_in': adaptiveSignIn(kind), '0028_login_day_counts': loginDayCounts(kind) });
    },
  };
}

/**
 * A migration may build an index over millions of rows: on PostgreSQL each runs in its own
 * transaction with the statement timeout that guards requests lifted for that transaction only.
 */
function withoutStatementTimeout(kind: StoreKind, migrations: Record<string, Migration>): Record<string, Migration> {
  if (kind !== 'postgres') return migrations;
  return Object.fromEntries(Object.entries(migrations).map(([name, migration]) => [name, {
    ...migration,
    up: async (db: Kysely<unknown>) => {
      await sql`set local statement_timeout = 0`.execute(db);
      await migration.up(db);
    },
  }]));
}

/** Any number that does not fit a 32-bit key of the first variant, so no other lock shares it. */
const PG_MIGRATE_LOCK = 741_852_963;

/** Kysely's name for its table of migrations run. */
const MIGRATION_TABLE = 'kysely_migration';

function migratorOf(store: Store): Migrator {
  // Name the schema: the introspection behind "does the migration table exist" sees every schema.
  return new Migrator({ db: store.db, provider: provider(store.kind), migrationTableName: MIGRATION_TABLE, ...(store.schema ? { migrationTableSchema: store.schema } : {}) });
}

/**
 * Brings the store to the newest schema; safe with several instances starting at once. On
 * PostgreSQL one session advisory lock covers everything from creating the schema to the last
 * migration (Kysely's own lock starts only after its tables exist); on SQLite the lease above.
 * `fresh` when this call ran every migration: the store was empty.
 */
export async function migrate(store: Store): Promise<{ fresh: boolean }> {
  const run = async () => {
    if (await ranEvery(store)) return { fresh: false };
    const { error, results = [] } = await migratorOf(store).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return { fresh: results.length === (await knownMigrations(store.kind)).length };
  };
  if (store.kind !== 'postgres') return run();
  return store.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${PG_MIGRATE_LOCK})`.execute(conn);
    try {
      if (store.schema) await sql.raw(`create schema if not exists ${store.schema}`).execute(conn);
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${PG_MIGRATE_LOCK})`.execute(conn);
    }
  });
}

/**
 * The names of the migrations the store has run (null: it has no table of them yet), read
 * directly: Kysely's migrator first reads the columns of every table of the database (its "does
 * my table exist"), several times — ≈ 180 ms on a PostgreSQL database holding many schemas, at
 * every start and every /readyz probe.
 */
async function ranMigrations(store: Store): Promise<Set<string> | null> {
  const table = store.schema ? `${store.schema}.${MIGRATION_TABLE}` : MIGRATION_TABLE;
  const exists = store.kind === 'postgres'
    ? (await sql<{ found: string | null }>`select to_regclass(${table}) as found`.execute(store.db)).rows[0]?.found != null
    : (await sql`select 1 from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(store.db)).rows.length > 0;
  if (!exists) return null;
  return new Set((await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(store.db)).rows.map((r) => r.name));
}

const knownMigrations = async (kind: StoreKind) => Object.keys(await provider(kind).getMigrations());

/**
 * Whether the store has run exactly the migrations this code knows: the usual start. Anything
 * else (a new store, a migration to run, one this code does not know) goes to the migrator, which
 * runs or refuses it.
 */
async function ranEvery(store: Store): Promise<boolean> {
  const ran = await ranMigrations(store);
  const known = await knownMigrations(store.kind);
  return ran !== null && ran.size === known.length && known.every((name) => ran.has(name));
}

/** Migrations this code knows that the store has not run (for /readyz). */
export async function pendingMigrations(store: Store): Promise<number> {
  const ran = await ranMigrations(store);
  return (await knownMigrations(store.kind)).filter((name) => !ran?.has(name)).length;
}
