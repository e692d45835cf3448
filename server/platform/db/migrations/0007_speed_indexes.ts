import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/**
 * Indexes that hand the paged lists their rows already in the lists' order, ties broken by id
 * (docs/DECISIONS.md, "Speed budgets"). On PostgreSQL the portal's queries are named prepared
 * statements, and after five runs PostgreSQL may switch to a generic plan, which cannot see that
 * one user's range holds 40,000 rows: with (user, time) alone it read them all to sort by
 * (time, id) and keep ten (31 ms instead of 0.04 ms). An index ending in id gives the order
 * itself, whatever the plan. SQLite appends the rowid (our id) to every index already, so there
 * only the applicant's list by date was missing.
 */
export function speedIndexes(dialect: Dialect) {
  /** [new index, table, columns, the index it supersedes (a prefix of it)] */
  const postgres: [string, string, string[], string | null][] = [
    ['login_history_user_time_id_idx', 'login_history', ['user_ref', 'created_at', 'id'], 'login_history_user_time_idx'],
    ['login_history_user_success_id_idx', 'login_history', ['user_ref', 'is_success', 'created_at', 'id'], 'login_history_user_success_idx'],
    ['login_history_user_type_id_idx', 'login_history', ['user_ref', 'opt_type', 'created_at', 'id'], 'login_history_user_type_idx'],
    ['operation_log_user_time_id_idx', 'operation_log', ['user_ref', 'created_at', 'id'], 'operation_log_user_time_idx'],
    ['operation_log_user_scene_id_idx', 'operation_log', ['user_ref', 'scene_code', 'created_at', 'id'], 'operation_log_user_scene_idx'],
    ['apply_requests_status_date_id_idx', 'apply_requests', ['status', 'apply_date', 'id'], 'apply_requests_status_date_idx'],
    ['apply_requests_applicant_date_idx', 'apply_requests', ['apply_user_ref', 'apply_date', 'id'], null],
  ];
  const sqlite: typeof postgres = [['apply_requests_applicant_date_idx', 'apply_requests', ['apply_user_ref', 'apply_date'], null]];
  const indexes = dialect === 'postgres' ? postgres : sqlite;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [name, table, columns, supersedes] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
        // Every sign-in writes a login_history row: an index nothing needs is a cost on each.
        if (supersedes) await db.schema.dropIndex(supersedes).execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const [name, table, columns, supersedes] of [...indexes].reverse()) {
        if (supersedes) await db.schema.createIndex(supersedes).on(table).columns(columns.slice(0, -1)).execute();
        await db.schema.dropIndex(name).execute();
      }
    },
  };
}
