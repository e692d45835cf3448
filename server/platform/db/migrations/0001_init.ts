import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
type Table = CreateTableBuilder<string, never>;

/** Column helpers that differ between the two stores. */
function helpers(dialect: Dialect) {
  return {
    id: (t: Table) =>
      dialect === 'postgres'
        ? t.addColumn('id', 'serial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    time: 'bigint' as const,
  };
}

export function init(dialect: Dialect) {
  const h = helpers(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const T = h.time;
      await h.id(db.schema.createTable('users'))
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('user_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('mobile_no', 'varchar(20)', (c) => c.unique())
        .addColumn('phone_disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email', 'varchar(200)')
        .addColumn('mail_local_address', 'varchar(200)')
        .addColumn('description', 'varchar(500)')
        .addColumn('avatar', 'varchar(500)')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('user_expire_date', T)
        .addColumn('password_hash', 'varchar(200)')
        .addColumn('password_changed_at', T)
        .addColumn('password_expire_at', T)
        .addColumn('password_level', 'varchar(10)')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('second_auth_required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ldap_dn', 'varchar(300)', (c) => c.unique())
        .addColumn('company_name', 'varchar(200)')
        .addColumn('dept_name', 'varchar(200)')
        .addColumn('position_name', 'varchar(200)')
        .addColumn('manager_user_ref', 'integer')
        .addColumn('senior_leader', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mailbox_manager_ref', 'integer')
        .addColumn('klpa_result_desc', 'varchar(200)')
        .addColumn('created_at', T, (c) => c.notNull())
        .addColumn('updated_at', T, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_name_idx').on('users').column('user_name').execute();
      await db.schema.createIndex('users_mailbox_manager_idx').on('users').columns(['mailbox_manager_ref', 'user_type']).execute();

      await h.id(db.schema.createTable('portal_roles'))
        .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .execute();
      await db.schema.createTable('user_portal_roles')
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_ref', 'integer', (c) => c.notNull().references('portal_roles.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_portal_roles_pk', ['user_ref', 'role_ref'])
        .execute();

      await h.id(db.schema.createTable('apps'))
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('app_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('idp_sso_url', 'varchar(500)', (c) => c.notNull())
        .addColumn('login_types', 'varchar(200)', (c) => c.notNull())
        .addColumn('second_auth_required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('perm_system', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', T, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('apps_name_idx').on('apps').column('app_name').execute();

      await h.id(db.schema.createTable('perm_groups'))
        .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('perm_groups_app_idx').on('perm_groups').column('app_ref').execute();
      await h.id(db.schema.createTable('app_roles'))
        .addColumn('group_ref', 'integer', (c) => c.notNull().references('perm_groups.id').onDelete('cascade'))
        .addColumn('code', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('app_roles_group_idx').on('app_roles').column('group_ref').execute();

      await db.schema.createTable('app_approvers')
        .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('app_approvers_pk', ['app_ref', 'user_ref'])
        .execute();
      await db.schema.createIndex('app_approvers_user_idx').on('app_approvers').column('user_ref').execute();
      await db.schema.createTable('user_apps')
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('granted_at', T, (c) => c.notNull())
        .addPrimaryKeyConstraint('user_apps_pk', ['user_ref', 'app_ref'])
        .execute();
      await db.schema.createTable('user_roles')
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_ref', 'integer', (c) => c.notNull().references('app_roles.id').onDelete('cascade'))
        .addColumn('granted_at', T, (c) => c.notNull())
        .addPrimaryKeyConstraint('user_roles_pk', ['user_ref', 'role_ref'])
        .execute();

      await h.id(db.schema.createTable('apply_requests'))
        .addColumn('apply_user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('role_ids', 'varchar(1000)', (c) => c.notNull())
        .addColumn('role_names', 'varchar(1000)', (c) => c.notNull())
        .addColumn('apply_reason', 'varchar(500)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('apply_date', T, (c) => c.notNull())
        .addColumn('approval_user_ref', 'integer')
        .addColumn('approval_suggestion', 'varchar(500)')
        .addColumn('approval_date', T)
        .execute();
      await db.schema.createIndex('apply_requests_user_idx').on('apply_requests').columns(['apply_user_ref', 'status', 'apply_date']).execute();
      await db.schema.createIndex('apply_requests_app_idx').on('apply_requests').columns(['app_ref', 'status', 'apply_date']).execute();

      await h.id(db.schema.createTable('mail_groups'))
        .addColumn('group_code', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('group_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('group_type', 'integer', (c) => c.notNull())
        .addColumn('email', 'varchar(200)')
        .addColumn('manager_user_ref', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', T, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_groups_manager_idx').on('mail_groups').columns(['manager_user_ref', 'group_type']).execute();
      await db.schema.createTable('group_members')
        .addColumn('group_ref', 'integer', (c) => c.notNull().references('mail_groups.id').onDelete('cascade'))
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('added_at', T, (c) => c.notNull())
        .addPrimaryKeyConstraint('group_members_pk', ['group_ref', 'user_ref'])
        .execute();

      await h.id(db.schema.createTable('social_bindings'))
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('source', 'varchar(40)', (c) => c.notNull())
        .addColumn('social_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', T, (c) => c.notNull())
        .addUniqueConstraint('social_bindings_source_uq', ['source', 'social_id'])
        .execute();
      await db.schema.createIndex('social_bindings_user_idx').on('social_bindings').column('user_ref').execute();

      await h.id(db.schema.createTable('sessions'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('instance_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', T, (c) => c.notNull())
        .addColumn('last_seen_at', T, (c) => c.notNull())
        .addColumn('expires_at', T, (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('device_id', 'varchar(128)')
        .addColumn('device_name', 'varchar(40)')
        .addColumn('user_agent', 'varchar(500)')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_ref').execute();

      await h.id(db.schema.createTable('devices'))
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('device_name', 'varchar(40)')
        .addColumn('first_seen_at', T, (c) => c.notNull())
        .addColumn('last_seen_at', T, (c) => c.notNull())
        .addColumn('last_ip', 'varchar(64)')
        .addColumn('trusted_until', T)
        .addUniqueConstraint('devices_user_device_uq', ['user_ref', 'device_id'])
        .execute();

      await db.schema.createTable('tickets')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
        .addColumn('user_ref', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('step', 'varchar(40)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', T, (c) => c.notNull())
        .addColumn('expires_at', T, (c) => c.notNull())
        .execute();

      await db.schema.createTable('otps')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
        .addColumn('mobile_no', 'varchar(20)', (c) => c.notNull())
        .addColumn('user_ref', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', T, (c) => c.notNull())
        .addColumn('expires_at', T, (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('otps_mobile_idx').on('otps').columns(['mobile_no', 'purpose', 'created_at']).execute();

      await h.id(db.schema.createTable('sms_outbox'))
        .addColumn('mobile_no', 'varchar(20)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
        .addColumn('content', 'varchar(500)', (c) => c.notNull())
        .addColumn('sent_at', T, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sms_outbox_mobile_idx').on('sms_outbox').columns(['mobile_no', 'sent_at']).execute();

      await db.schema.createTable('captchas')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('answer', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', T, (c) => c.notNull())
        .addColumn('expires_at', T, (c) => c.notNull())
        .execute();

      await db.schema.createTable('login_failures')
        .addColumn('subject', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_start', T, (c) => c.notNull())
        .addColumn('locked_until', T)
        .execute();

      await h.id(db.schema.createTable('login_history'))
        .addColumn('user_ref', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('opt_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('app_ref', 'integer')
        .addColumn('app_name', 'varchar(100)')
        .addColumn('is_success', 'integer', (c) => c.notNull())
        .addColumn('login_msg', 'varchar(200)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('device_id', 'varchar(128)')
        .addColumn('device_name', 'varchar(40)')
        .addColumn('created_at', T, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_history_user_time_idx').on('login_history').columns(['user_ref', 'created_at']).execute();

      await h.id(db.schema.createTable('operation_log'))
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('scene_code', 'varchar(40)', (c) => c.notNull())
        .addColumn('detail', 'varchar(500)')
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip_region', 'varchar(100)')
        .addColumn('created_at', T, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('operation_log_user_time_idx').on('operation_log').columns(['user_ref', 'created_at']).execute();

      await db.schema.createTable('config')
        .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createTable('sm2_replay')
        .addColumn('digest', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('expires_at', T, (c) => c.notNull())
        .execute();
      await sql`select 1`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['sm2_replay', 'config', 'operation_log', 'login_history', 'login_failures', 'captchas', 'sms_outbox', 'otps', 'tickets', 'devices', 'sessions', 'social_bindings', 'group_members', 'mail_groups', 'apply_requests', 'user_roles', 'user_apps', 'app_approvers', 'app_roles', 'perm_groups', 'apps', 'user_portal_roles', 'portal_roles', 'users']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
