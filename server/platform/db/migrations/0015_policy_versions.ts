import type { Kysely, Migration } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/**
 * Every saved state of the policies, whole: who saved it, when, how (a change, a rollback, a
 * return to the defaults) and which sections it touched. The operation log already keeps each
 * change's before and after; a version keeps the complete policies after it, so an administrator
 * can read any earlier state and return to it in one step without replaying the log.
 */
export function policyVersions(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('policy_versions');
      await (dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
        .addColumn('saved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('saved_at', 'bigint', (c) => c.notNull())
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('sections', 'varchar(200)', (c) => c.notNull())
        .addColumn('from_version', 'integer')
        .addColumn('policies', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('policy_versions').execute();
    },
  };
}
