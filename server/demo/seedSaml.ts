import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { DAY } from '../platform/lib/clock.js';

/**
 * The demo organisation's SAML service providers, published in the README beside the OpenID
 * Connect clients: the sample SP in examples/ on two ports (single sign-on between them). The
 * URLs are a contract with the sample and its journeys. Production never seeds them.
 */
export const DEMO_SAML = { appId: 'demo-saml', origin: 'http://127.0.0.1:8767' } as const;
export const DEMO_SAML_2 = { appId: 'demo-saml-2', origin: 'http://127.0.0.1:8769' } as const;

interface DemoSp { appId: string; origin: string; appName: string; sortOrder: number }

const ATTRIBUTES = [
  { source: 'account', name: 'uid', friendlyName: 'account' },
  { source: 'name', name: 'displayName', friendlyName: 'name' },
  { source: 'email', name: 'mail', friendlyName: 'email' },
  { source: 'roles', name: 'roles', friendlyName: 'roles' },
  { source: 'groups', name: 'groups', friendlyName: 'groups' },
];

/** Who may use each, with which role; emp0001 and everyone else may not. */
const SPS: { sp: DemoSp; holders: Record<string, string> }[] = [
  { sp: { ...DEMO_SAML, appName: 'SAML 示例应用', sortOrder: 102 }, holders: { lisi: 'SAML_USER', zhangsan: 'SAML_ADMIN' } },
  { sp: { ...DEMO_SAML_2, appName: 'SAML 示例应用二', sortOrder: 103 }, holders: { zhangsan: 'SAML_USER', zhaoliu: 'SAML_USER' } },
];

export async function seedDemoSamlSps(db: Kysely<Database>, now: number, userIds: Record<string, number>): Promise<void> {
  for (const { sp, holders } of SPS) await seedSp(db, now, userIds, sp, holders);
}

async function seedSp(db: Kysely<Database>, now: number, userIds: Record<string, number>, sp: DemoSp, holders: Record<string, string>): Promise<void> {
  const app = await db.insertInto('apps').values({
    app_id: sp.appId, app_name: sp.appName, icon: null, client_id: sp.appId, idp_sso_url: `${sp.origin}/`,
    login_types: JSON.stringify(['ACCOUNT', 'MSG_CODE', 'PA_ACCOUNT', 'LDAP']), second_auth_required: 0, perm_system: 1, enabled: 1,
    sort_order: sp.sortOrder, created_at: now - 30 * DAY, category: null, captcha_strategy: null,
    client_secret_hash: null, client_secret_prev_hash: null, client_secret_prev_until: null,
    oidc_redirect_uris: null, oidc_post_logout_redirect_uris: null, oidc_grant_types: null, oidc_token_auth_method: null, oidc_jwks: null,
    oidc_access_token_ttl: null, oidc_id_token_ttl: null, oidc_refresh_token_ttl: null, oidc_backchannel_logout_uri: null, oidc_initiate_login_uri: null,
    oidc_first_party: 1, sso_legacy: 0,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('saml_sps').values({
    app_ref: app.id, entity_id: `${sp.origin}/metadata`, acs_urls: JSON.stringify([{ url: `${sp.origin}/acs`, index: 0, isDefault: true }]),
    slo_url: `${sp.origin}/slo`, slo_binding: 'redirect', name_id_format: 'persistent', attributes: JSON.stringify(ATTRIBUTES),
    requests_signed: 0, signing_certs: '[]', encryption_cert: null, metadata_xml: null, updated_at: now - 30 * DAY,
  }).execute();
  const group = await db.insertInto('perm_groups').values({ app_ref: app.id, name: `${sp.appName} 权限组` }).returning('id').executeTakeFirstOrThrow();
  const roles: Record<string, number> = {};
  for (const code of ['SAML_USER', 'SAML_ADMIN']) {
    roles[code] = (await db.insertInto('app_roles').values({ group_ref: group.id, code, name: code }).returning('id').executeTakeFirstOrThrow()).id;
  }
  for (const [account, role] of Object.entries(holders)) {
    const userRef = userIds[account];
    if (userRef === undefined) continue;
    await db.insertInto('user_apps').values({ user_ref: userRef, app_ref: app.id, granted_at: now - 7 * DAY }).execute();
    await db.insertInto('user_roles').values({ user_ref: userRef, role_ref: roles[role], granted_at: now - 7 * DAY }).execute();
  }
}
