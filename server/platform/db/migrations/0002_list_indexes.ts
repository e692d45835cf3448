import type { Kysely } from 'kysely';

/** Indexes behind the paged lists' filters and orders (measured by tests/bench). */
export const listIndexes = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('apply_requests_status_date_idx').on('apply_requests').columns(['status', 'apply_date']).execute();
    await db.schema.createIndex('login_history_user_success_idx').on('login_history').columns(['user_ref', 'is_success', 'created_at']).execute();
    await db.schema.createIndex('login_history_user_type_idx').on('login_history').columns(['user_ref', 'opt_type', 'created_at']).execute();
    await db.schema.createIndex('operation_log_user_scene_idx').on('operation_log').columns(['user_ref', 'scene_code', 'created_at']).execute();
    await db.schema.createIndex('group_members_added_idx').on('group_members').columns(['group_ref', 'added_at']).execute();
    await db.schema.createIndex('otps_created_idx').on('otps').columns(['mobile_no', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const name of ['apply_requests_status_date_idx', 'login_history_user_success_idx', 'login_history_user_type_idx', 'operation_log_user_scene_idx', 'group_members_added_idx', 'otps_created_idx']) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
  },
};
