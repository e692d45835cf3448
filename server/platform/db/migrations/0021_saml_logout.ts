import type { Kysely, Migration } from 'kysely';

/**
 * SAML single logout through the browser: one row per logout under way (the portal session whose
 * SAML sessions are being ended, and, when an SP started it, whom to answer at the end), and the
 * LogoutRequests sent to SPs, so that each LogoutResponse is matched to a request of ours, once.
 */
export const samlLogout: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('saml_logouts')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      // The ended portal session: its saml_sessions rows are the SPs still to be told.
      .addColumn('portal_session_ref', 'integer', (c) => c.notNull())
      // JSON { appRef, requestId, relayState }: the SP whose LogoutRequest started it, answered last; null when the portal's sign-out did.
      .addColumn('reply', 'text')
      .addColumn('partial', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saml_logouts_portal_idx').on('saml_logouts').column('portal_session_ref').execute();

    await db.schema.createTable('saml_logout_requests')
      .addColumn('request_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('logout_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['saml_logout_requests', 'saml_logouts']) await db.schema.dropTable(table).execute();
  },
};
