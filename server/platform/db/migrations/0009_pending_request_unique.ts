import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One pending request per applicant, application and set of roles, held by the database: the
 * service's "already awaiting approval" check alone let two requests sent at once both in. Older
 * stores may hold such twins already; the later copies of a pending twin are withdrawn (deleted,
 * as the applicant's own cancel would) so the index can be built.
 */
export const pendingRequestUnique: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`delete from apply_requests where status = 0 and exists (
      select 1 from apply_requests older where older.status = 0 and older.apply_user_ref = apply_requests.apply_user_ref
        and older.app_ref = apply_requests.app_ref and older.role_ids = apply_requests.role_ids and older.id < apply_requests.id)`.execute(db);
    await sql`create unique index apply_requests_pending_unique on apply_requests (apply_user_ref, app_ref, role_ids) where status = 0`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('apply_requests_pending_unique').execute();
  },
};
