import type { Kysely, Migration } from 'kysely';

/**
 * What an administrator registers for the two protocols beside OpenID Connect. An application is
 * a SAML service provider when it has a `saml_sps` row and a CAS service when it has
 * `cas_services` rows; each adapter keeps its own working state (keys, tickets, sessions) in
 * tables of its own. Both go with their application.
 */
export const samlCasRegistry: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('saml_sps')
      .addColumn('app_ref', 'integer', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('entity_id', 'varchar(500)', (c) => c.notNull().unique())
      // JSON [{ url, index, isDefault }]: the only places a response is ever sent (HTTP-POST).
      .addColumn('acs_urls', 'text', (c) => c.notNull())
      .addColumn('slo_url', 'varchar(500)')
      // post | redirect
      .addColumn('slo_binding', 'varchar(10)')
      // persistent | email | unspecified
      .addColumn('name_id_format', 'varchar(20)', (c) => c.notNull())
      // JSON [{ source, name, friendlyName }]
      .addColumn('attributes', 'text', (c) => c.notNull())
      // 1: AuthnRequests must be signed with one of `signing_certs`.
      .addColumn('requests_signed', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON array of base64 DER certificates (the SP's, from its metadata or entered).
      .addColumn('signing_certs', 'text', (c) => c.notNull())
      // base64 DER; set: assertions are encrypted for the SP.
      .addColumn('encryption_cert', 'text')
      // The metadata it was imported from, as given (shown back, re-imported on change).
      .addColumn('metadata_xml', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema.createTable('cas_services')
      .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      // An absolute http(s) URL; `prefix` matches it and anything below it, never a wildcard.
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      // exact | prefix
      .addColumn('match', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cas_services_pk', ['app_ref', 'url'])
      .execute();
    await db.schema.createIndex('cas_services_url_idx').on('cas_services').column('url').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('cas_services').execute();
    await db.schema.dropTable('saml_sps').execute();
  },
};
