import type { Kysely, Migration } from 'kysely';

/**
 * Directory synchronisation (LDAP / Active Directory). People, departments and groups keep the
 * directory's stable key (entryUUID / objectGUID), so a rename or a move is an update of the same
 * row. `directory_gone` marks a person the sync disabled because the directory no longer has
 * them: only those are re-enabled when they come back (an administrator's own disable stays).
 * Runs are kept with their report; the lease row lets one instance at a time run a sync.
 */
export const directorySync: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['users', 'departments', 'mail_groups']) {
      await db.schema.alterTable(table).addColumn('directory_key', 'varchar(64)').execute();
      await db.schema.createIndex(`${table}_directory_key_idx`).on(table).column('directory_key').unique().execute();
    }
    await db.schema.alterTable('users').addColumn('directory_gone', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    await db.schema.createTable('directory_sync_runs')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      // workbench | cli | schedule
      .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
      .addColumn('dry_run', 'integer', (c) => c.notNull())
      // full | incremental
      .addColumn('mode', 'varchar(16)', (c) => c.notNull())
      // running | succeeded | failed
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('actor_ref', 'integer')
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .addColumn('error_code', 'varchar(16)')
      // JSON { created, updated, moved, disabled, reenabled, skipped, failed }
      .addColumn('counts', 'text', (c) => c.notNull())
      // JSON: the rows of each outcome with their reasons (capped per outcome)
      .addColumn('report', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('directory_sync_runs_started_idx').on('directory_sync_runs').column('started_at').execute();

    await db.schema.createTable('directory_sync_lease')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(32)')
      .addColumn('until', 'bigint', (c) => c.notNull())
      .execute();
    await db.insertInto('directory_sync_lease' as never).values({ id: 1, holder: null, until: 0 } as never).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('directory_sync_lease').execute();
    await db.schema.dropTable('directory_sync_runs').execute();
    for (const table of ['users', 'departments', 'mail_groups']) {
      await db.schema.dropIndex(`${table}_directory_key_idx`).execute();
      await db.schema.alterTable(table).dropColumn('directory_key').execute();
    }
    await db.schema.alterTable('users').dropColumn('directory_gone').execute();
  },
};
