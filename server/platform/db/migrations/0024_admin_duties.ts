import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Administrators separated by duty. A duty is a portal role (SYS_ADMIN, SEC_ADMIN, AUDIT_ADMIN,
 * DEPT_ADMIN); the row granting one carries `admin_slot = 1`, and (user_ref, admin_slot) is
 * unique, so a person holds at most one duty whatever races to grant a second — the database
 * says no, not a check before the insert. Other roles leave the slot null (nulls never collide).
 * A department administrator's subtree is the granting row's `dept_ref`. Application owners
 * are people, not a duty: `app_owners`.
 */
export const adminDuties: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('user_portal_roles').addColumn('admin_slot', 'integer').execute();
    await db.schema.alterTable('user_portal_roles').addColumn('dept_ref', 'integer').execute();
    await sql`update user_portal_roles set admin_slot = 1
      where role_ref in (select id from portal_roles where code in ('SYS_ADMIN', 'SEC_ADMIN', 'AUDIT_ADMIN', 'DEPT_ADMIN'))`.execute(db);
    await db.schema.createIndex('user_portal_roles_admin_uq').on('user_portal_roles').columns(['user_ref', 'admin_slot']).unique().execute();
    await db.schema.createTable('app_owners')
      .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('granted_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('app_owners_pk', ['app_ref', 'user_ref'])
      .execute();
    await db.schema.createIndex('app_owners_user_idx').on('app_owners').column('user_ref').execute();
  },
};
