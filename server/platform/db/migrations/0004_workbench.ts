import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/**
 * The administrators' workbench and provisioning: an organisation tree users are placed in,
 * application categories and client secrets, access granted to groups, home-page notices,
 * SCIM bearer tokens, password history (no reuse of the last N), and operation-log rows that
 * say what an administrator changed (target, before/after).
 */
export function workbench(dialect: Dialect) {
  const id = (name: string, db: Kysely<unknown>) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await id('departments', db)
        .addColumn('parent_ref', 'integer', (c) => c.references('departments.id'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('departments_parent_idx').on('departments').column('parent_ref').execute();

      await db.schema.alterTable('users').addColumn('dept_ref', 'integer', (c) => c.references('departments.id')).execute();
      await db.schema.alterTable('users').addColumn('external_id', 'varchar(200)').execute();
      // The workbench's user filters, each ordered by account as the list is.
      await db.schema.createIndex('users_dept_idx').on('users').columns(['dept_ref', 'user_id']).execute();
      await db.schema.createIndex('users_enabled_idx').on('users').columns(['enabled', 'user_id']).execute();
      await db.schema.createIndex('users_type_idx').on('users').columns(['user_type', 'user_id']).execute();
      await db.schema.createIndex('users_password_expiry_idx').on('users').column('password_expire_at').execute();
      await db.schema.createIndex('users_external_idx').on('users').column('external_id').execute();
      await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();

      await db.schema.alterTable('mail_groups').addColumn('external_id', 'varchar(200)').execute();

      await db.schema.alterTable('apps').addColumn('category', 'varchar(64)').execute();
      await db.schema.alterTable('apps').addColumn('captcha_strategy', 'varchar(20)').execute();
      await db.schema.alterTable('apps').addColumn('client_secret_hash', 'varchar(200)').execute();
      await db.schema.alterTable('apps').addColumn('client_secret_prev_hash', 'varchar(200)').execute();
      await db.schema.alterTable('apps').addColumn('client_secret_prev_until', 'bigint').execute();

      await db.schema.createTable('app_group_grants')
        .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('group_ref', 'integer', (c) => c.notNull().references('mail_groups.id').onDelete('cascade'))
        .addColumn('granted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_group_grants_pk', ['app_ref', 'group_ref'])
        .execute();
      await db.schema.createIndex('app_group_grants_group_idx').on('app_group_grants').column('group_ref').execute();

      await id('notices', db)
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('link', 'varchar(500)')
        .addColumn('published_at', 'bigint')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notices_published_idx').on('notices').columns(['published_at']).execute();

      await id('scim_tokens', db)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();

      await id('password_history', db)
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('password_history_user_idx').on('password_history').columns(['user_ref', 'created_at']).execute();

      await db.schema.alterTable('operation_log').addColumn('target', 'varchar(200)').execute();
      await db.schema.alterTable('operation_log').addColumn('changes', 'text').execute();
      await db.schema.createIndex('operation_log_time_idx').on('operation_log').column('created_at').execute();
      await db.schema.createIndex('login_history_time_idx').on('login_history').column('created_at').execute();
      await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const index of ['sessions_expires_idx', 'login_history_time_idx', 'operation_log_time_idx']) await db.schema.dropIndex(index).ifExists().execute();
      for (const column of ['changes', 'target']) await db.schema.alterTable('operation_log').dropColumn(column).execute();
      for (const table of ['password_history', 'scim_tokens', 'notices', 'app_group_grants']) await db.schema.dropTable(table).execute();
      for (const column of ['client_secret_prev_until', 'client_secret_prev_hash', 'client_secret_hash', 'captcha_strategy', 'category']) {
        await db.schema.alterTable('apps').dropColumn(column).execute();
      }
      await db.schema.alterTable('mail_groups').dropColumn('external_id').execute();
      for (const index of ['users_created_idx', 'users_external_idx', 'users_password_expiry_idx', 'users_type_idx', 'users_enabled_idx', 'users_dept_idx']) await db.schema.dropIndex(index).ifExists().execute();
      for (const column of ['external_id', 'dept_ref']) await db.schema.alterTable('users').dropColumn(column).execute();
      await db.schema.dropTable('departments').execute();
    },
  };
}
