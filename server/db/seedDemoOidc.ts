import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { sha256 } from '../lib/crypto.js';
import { DAY } from '../lib/clock.js';

/**
 * The demo organisation's OpenID Connect client, published in the README so that the sample
 * application (examples/oidc-rp) signs in through the portal at once. Production never seeds it.
 */
export const DEMO_RP = {
  clientId: 'demo-rp',
  clientSecret: 'demo-rp-secret',
  origin: 'http://127.0.0.1:8765',
} as const;

/** Who may use it, and with which of its roles: emp0001 and everyone else may not. */
const HOLDERS: Record<string, string> = { lisi: 'RP_USER', zhangsan: 'RP_ADMIN', zhaoliu: 'RP_USER' };

export async function seedDemoOidcClient(db: Kysely<Database>, now: number, userIds: Record<string, number>): Promise<void> {
  const app = await db.insertInto('apps').values({
    app_id: DEMO_RP.clientId, app_name: '示例应用 Demo RP', icon: null, client_id: DEMO_RP.clientId, idp_sso_url: `${DEMO_RP.origin}/`,
    login_types: JSON.stringify(['ACCOUNT', 'MSG_CODE', 'PA_ACCOUNT', 'LDAP']), second_auth_required: 0, perm_system: 1, enabled: 1,
    sort_order: 100, created_at: now - 30 * DAY, category: null, captcha_strategy: null,
    // Only the hash is kept, as for every client secret; the clear one is the README's.
    client_secret_hash: sha256(DEMO_RP.clientSecret), client_secret_prev_hash: null, client_secret_prev_until: null,
    oidc_redirect_uris: JSON.stringify([`${DEMO_RP.origin}/callback`]),
    oidc_post_logout_redirect_uris: JSON.stringify([`${DEMO_RP.origin}/`]),
    oidc_grant_types: JSON.stringify(['authorization_code', 'refresh_token']),
    oidc_token_auth_method: 'client_secret_basic', oidc_jwks: null,
    oidc_access_token_ttl: null, oidc_id_token_ttl: null, oidc_refresh_token_ttl: null,
    oidc_backchannel_logout_uri: `${DEMO_RP.origin}/backchannel-logout`,
    oidc_initiate_login_uri: `${DEMO_RP.origin}/login`,
    oidc_first_party: 1, sso_legacy: 0,
  }).returning('id').executeTakeFirstOrThrow();
  const group = await db.insertInto('perm_groups').values({ app_ref: app.id, name: '示例应用权限组' }).returning('id').executeTakeFirstOrThrow();
  const roles: Record<string, number> = {};
  for (const code of ['RP_USER', 'RP_ADMIN']) {
    roles[code] = (await db.insertInto('app_roles').values({ group_ref: group.id, code, name: code }).returning('id').executeTakeFirstOrThrow()).id;
  }
  for (const [account, role] of Object.entries(HOLDERS)) {
    const userRef = userIds[account];
    if (userRef === undefined) continue;
    await db.insertInto('user_apps').values({ user_ref: userRef, app_ref: app.id, granted_at: now - 7 * DAY }).execute();
    await db.insertInto('user_roles').values({ user_ref: userRef, role_ref: roles[role], granted_at: now - 7 * DAY }).execute();
  }
}
