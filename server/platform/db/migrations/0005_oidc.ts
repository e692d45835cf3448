import type { Kysely } from 'kysely';

/** Application columns holding their OpenID Connect settings, in the order they are added. */
const APP_COLUMNS: [name: string, type: 'text' | 'integer' | 'varchar(40)' | 'varchar(500)'][] = [
  ['oidc_redirect_uris', 'text'],
  ['oidc_post_logout_redirect_uris', 'text'],
  ['oidc_grant_types', 'text'],
  ['oidc_token_auth_method', 'varchar(40)'],
  ['oidc_jwks', 'text'],
  ['oidc_access_token_ttl', 'integer'],
  ['oidc_id_token_ttl', 'integer'],
  ['oidc_refresh_token_ttl', 'integer'],
  ['oidc_backchannel_logout_uri', 'varchar(500)'],
  ['oidc_initiate_login_uri', 'varchar(500)'],
];

/**
 * The OpenID Connect provider: applications' OIDC settings, the provider's storage (codes,
 * tokens, grants, sessions, interactions — one table, as every instance must see them), its
 * signing keys, each user's stable subject identifier, and which portal session each provider
 * session belongs to (so ending one signs the applications out).
 */
export const oidc = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const [name, type] of APP_COLUMNS) await db.schema.alterTable('apps').addColumn(name, type).execute();
    // Registered by an administrator for the organisation itself: no consent screen.
    await db.schema.alterTable('apps').addColumn('oidc_first_party', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // Every application that exists today launches with the old one-time code; OIDC ones are marked 0.
    await db.schema.alterTable('apps').addColumn('sso_legacy', 'integer', (c) => c.notNull().defaultTo(1)).execute();

    await db.schema.createTable('oidc_payloads')
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('id', 'varchar(200)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'varchar(200)')
      .addColumn('user_code', 'varchar(200)')
      .addColumn('uid', 'varchar(200)')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addPrimaryKeyConstraint('oidc_payloads_pk', ['kind', 'id'])
      .execute();
    // Partial: most records have no grant, uid or user code, and a token request writes two records.
    await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').where('grant_id', 'is not', null).execute();
    await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').columns(['kind', 'uid']).where('uid', 'is not', null).execute();
    await db.schema.createIndex('oidc_payloads_user_code_idx').on('oidc_payloads').columns(['kind', 'user_code']).where('user_code', 'is not', null).execute();
    await db.schema.createIndex('oidc_payloads_expires_idx').on('oidc_payloads').column('expires_at').execute();

    await db.schema.createTable('oidc_keys')
      .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('generation', 'integer', (c) => c.notNull())
      .addColumn('alg', 'varchar(10)', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('retired_at', 'bigint')
      // Two instances rotating at once make one generation, not two.
      .addUniqueConstraint('oidc_keys_generation_alg', ['generation', 'alg'])
      .execute();

    await db.schema.createTable('oidc_subjects')
      .addColumn('user_ref', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('sub', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    // No foreign key to sessions: the link must outlive the portal session, so that its end is noticed.
    await db.schema.createTable('oidc_portal_links')
      .addColumn('session_uid', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('portal_session_ref', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oidc_portal_links_portal_idx').on('oidc_portal_links').column('portal_session_ref').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['oidc_portal_links', 'oidc_subjects', 'oidc_keys', 'oidc_payloads']) await db.schema.dropTable(table).execute();
    for (const name of ['sso_legacy', 'oidc_first_party', ...APP_COLUMNS.map(([column]) => column).reverse()]) await db.schema.alterTable('apps').dropColumn(name).execute();
  },
};
