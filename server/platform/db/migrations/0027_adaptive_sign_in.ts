import type { CreateTableBuilder, Kysely, Migration } from 'kysely';

type Table = CreateTableBuilder<string, never>;

/**
 * Adaptive sign-in (server/risk). What a sign-in is compared with lives in small per-person rows
 * kept current by each successful sign-in, so judging one costs a few key lookups, not a scan of
 * the sign-in log:
 * - `user_networks`: each /24 or /48 a person signed in from, with when it was last seen;
 * - `risk_profiles`: the hours (company time zone) a person signs in at, and where and when the
 *   last sign-in was — the row is locked while a sign-in is judged, so two sign-ins at once from
 *   two countries see each other (impossible travel);
 * - `network_zones`: office, VPN and blocked ranges an administrator names;
 * - `sign_in_alerts`: the notice of a sign-in from a new device or network, with the single-use
 *   "this was not me" token (its SHA-256).
 * The sign-in log gains the judgement (level, signals, place); the audit chain covers these
 * columns when present (server/audit/trail/canonical.ts), so records from before keep their hashes.
 */
export const adaptiveSignIn = (kind: 'sqlite' | 'postgres'): Migration => {
  const withId = (t: Table) =>
    kind === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('login_history').addColumn('risk_level', 'varchar(8)').execute();
      // Comma-separated signal names (contract/schemas/risk.ts), empty when none fired.
      await db.schema.alterTable('login_history').addColumn('risk_signals', 'varchar(200)').execute();
      await db.schema.alterTable('login_history').addColumn('risk_place', 'varchar(120)').execute();
      // JSON appRiskPolicy; null follows the default policy.
      await db.schema.alterTable('apps').addColumn('risk_policy', 'text').execute();

      await withId(db.schema.createTable('network_zones'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        // JSON array of addresses and CIDR ranges.
        .addColumn('ranges', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema.createTable('user_networks')
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('prefix', 'varchar(64)', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_networks_pk', ['user_ref', 'prefix'])
        .execute();

      await db.schema.createTable('risk_profiles')
        .addColumn('user_ref', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        // JSON array of 24 counts: successful sign-ins by hour of day.
        .addColumn('hours', 'text', (c) => c.notNull())
        .addColumn('last_at', 'bigint')
        .addColumn('last_lat', kind === 'postgres' ? 'double precision' : 'real')
        .addColumn('last_lon', kind === 'postgres' ? 'double precision' : 'real')
        .addColumn('last_place', 'varchar(120)')
        .execute();

      await withId(db.schema.createTable('sign_in_alerts'))
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // Comma-separated signals that caused it (NEW_DEVICE, NEW_NETWORK).
        .addColumn('signals', 'varchar(200)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('device_name', 'varchar(200)')
        .addColumn('place', 'varchar(120)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('token_expires_at', 'bigint', (c) => c.notNull())
        // Set once "this was not me" was used (the token is spent).
        .addColumn('disowned_at', 'bigint')
        .addColumn('read_at', 'bigint')
        .execute();
      await db.schema.createIndex('sign_in_alerts_user').on('sign_in_alerts').columns(['user_ref', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['sign_in_alerts', 'risk_profiles', 'user_networks', 'network_zones']) await db.schema.dropTable(table).execute();
      await db.schema.alterTable('apps').dropColumn('risk_policy').execute();
      for (const column of ['risk_place', 'risk_signals', 'risk_level']) await db.schema.alterTable('login_history').dropColumn(column).execute();
    },
  };
};
