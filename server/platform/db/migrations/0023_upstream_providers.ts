import type { Kysely, Migration } from 'kysely';

/**
 * Sign-in through other identity providers (brokering). A provider is keyed by the short code an
 * administrator gives it, which is also the `source` of the links it makes in `social_bindings`
 * (so the personal centre's linked accounts and their unbinding are the same rows). Its client
 * secret is sealed (AES-GCM, server/factors/secretBox.ts) with the code as additional data.
 * Upstream requests in flight need no table: their state, nonce and PKCE verifier ride on a
 * single-use ticket (tickets table).
 */
export const upstreamProviders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('upstream_providers')
      .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      // OIDC | SAML | WECOM | DINGTALK | FEISHU
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      // JSON: the kind's non-secret settings (discovery URL, client id, scopes, claim mapping, corp id…).
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('secret_sealed', 'text')
      // EMAIL | PHONE | ACCOUNT: the verified attribute a first sign-in links by.
      .addColumn('link_rule', 'varchar(16)', (c) => c.notNull())
      .addColumn('ask_bind', 'integer', (c) => c.notNull())
      .addColumn('jit', 'integer', (c) => c.notNull())
      .addColumn('provider_mfa', 'integer', (c) => c.notNull())
      // JSON array of appIds the button shows for; null: every application.
      .addColumn('app_ids', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // What the person is called upstream, shown in the personal centre beside the link.
    await db.schema.alterTable('social_bindings').addColumn('upstream_name', 'varchar(200)').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('social_bindings').dropColumn('upstream_name').execute();
    await db.schema.dropTable('upstream_providers').execute();
  },
};
