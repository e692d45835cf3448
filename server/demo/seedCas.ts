import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { DAY } from '../platform/lib/clock.js';

/**
 * The demo organisation's CAS service, published in the README so that the sample CAS client
 * (examples/cas-client) signs in through the portal at once. lisi and zhangsan may use it,
 * emp0001 (and everyone else) may not. Production never seeds it.
 */
export const DEMO_CAS = {
  appId: 'demo-cas',
  appName: 'CAS 示例应用',
  service: 'http://127.0.0.1:8768/',
} as const;

const HOLDERS: Record<string, string> = { lisi: 'CAS_USER', zhangsan: 'CAS_ADMIN' };

export async function seedDemoCasService(db: Kysely<Database>, now: number, userIds: Record<string, number>): Promise<void> {
  const app = await db.insertInto('apps').values({
    app_id: DEMO_CAS.appId, app_name: DEMO_CAS.appName, icon: null, client_id: DEMO_CAS.appId,
    // "My apps" opens the service's home; it sends the browser to /cas/login itself.
    idp_sso_url: DEMO_CAS.service,
    login_types: JSON.stringify(['ACCOUNT', 'MSG_CODE', 'PA_ACCOUNT', 'LDAP']), second_auth_required: 0, perm_system: 1, enabled: 1,
    sort_order: 102, created_at: now - 30 * DAY, category: null, captcha_strategy: null,
    client_secret_hash: null, client_secret_prev_hash: null, client_secret_prev_until: null,
    oidc_redirect_uris: null, oidc_post_logout_redirect_uris: null, oidc_grant_types: null, oidc_token_auth_method: null, oidc_jwks: null,
    oidc_access_token_ttl: null, oidc_id_token_ttl: null, oidc_refresh_token_ttl: null, oidc_backchannel_logout_uri: null, oidc_initiate_login_uri: null,
    oidc_first_party: 1, sso_legacy: 0,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('cas_services').values({ app_ref: app.id, url: DEMO_CAS.service, match: 'prefix', created_at: now - 30 * DAY }).execute();
  const group = await db.insertInto('perm_groups').values({ app_ref: app.id, name: `${DEMO_CAS.appName} 权限组` }).returning('id').executeTakeFirstOrThrow();
  const roles: Record<string, number> = {};
  for (const code of ['CAS_USER', 'CAS_ADMIN']) {
    roles[code] = (await db.insertInto('app_roles').values({ group_ref: group.id, code, name: code }).returning('id').executeTakeFirstOrThrow()).id;
  }
  for (const [account, role] of Object.entries(HOLDERS)) {
    const userRef = userIds[account];
    if (userRef === undefined) continue;
    await db.insertInto('user_apps').values({ user_ref: userRef, app_ref: app.id, granted_at: now - 7 * DAY }).execute();
    await db.insertInto('user_roles').values({ user_ref: userRef, role_ref: roles[role], granted_at: now - 7 * DAY }).execute();
  }
}
