import type { Kysely, Migration } from 'kysely';

/**
 * The SAML identity provider's working state: its signing keys (one row per generation, the
 * private key sealed), the AuthnRequest IDs already answered (replay), the requests waiting for
 * the sign-in to finish, and one row per assertion issued (what single logout ends).
 */
export const saml: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('saml_keys')
      .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
      // Two instances making or rotating keys at once make one generation, not two.
      .addColumn('generation', 'integer', (c) => c.notNull().unique())
      // AES-256-GCM (secretBox), the kid as additional data: a copy of the table alone signs nothing.
      .addColumn('private_key', 'text', (c) => c.notNull())
      // base64 DER, self-signed: what the metadata publishes.
      .addColumn('certificate', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // null: the next key (published, not yet signing); set: signing since then.
      .addColumn('activated_at', 'bigint')
      .addColumn('retired_at', 'bigint')
      .execute();

    await db.schema.createTable('saml_seen_requests')
      .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('request_id', 'varchar(256)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('saml_seen_requests_pk', ['app_ref', 'request_id'])
      .execute();
    await db.schema.createIndex('saml_seen_requests_expires_idx').on('saml_seen_requests').column('expires_at').execute();

    await db.schema.createTable('saml_pending')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      // JSON: the validated request (ID, ACS URL, ForceAuthn, IsPassive, NameID format, RelayState).
      .addColumn('request', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saml_pending_expires_idx').on('saml_pending').column('expires_at').execute();

    await db.schema.createTable('saml_sessions')
      .addColumn('session_index', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The portal session the assertion was issued in: its sign-out ends these (front-channel SLO).
      .addColumn('portal_session_ref', 'integer', (c) => c.notNull())
      .addColumn('name_id', 'varchar(500)', (c) => c.notNull())
      .addColumn('name_id_format', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('ended_at', 'bigint')
      .execute();
    await db.schema.createIndex('saml_sessions_portal_idx').on('saml_sessions').column('portal_session_ref').execute();
    await db.schema.createIndex('saml_sessions_expires_idx').on('saml_sessions').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['saml_sessions', 'saml_pending', 'saml_seen_requests', 'saml_keys']) await db.schema.dropTable(table).execute();
  },
};
