import type { Insertable, Kysely } from 'kysely';
import type { AppsTable, Database } from '../platform/db/schema.js';
import { DAY } from '../platform/lib/clock.js';

/** A demo application by single sign-on: the settings every protocol's sample shares; `columns` adds the protocol's own. */
export async function insertDemoApp(
  db: Kysely<Database>, now: number, app: { appId: string; appName: string; home: string; sortOrder: number }, columns: Partial<Insertable<AppsTable>> = {},
): Promise<number> {
  const row = await db.insertInto('apps').values({
    app_id: app.appId, app_name: app.appName, icon: null, client_id: app.appId, idp_sso_url: app.home,
    login_types: JSON.stringify(['ACCOUNT', 'MSG_CODE', 'PA_ACCOUNT', 'LDAP']), second_auth_required: 0, perm_system: 1, enabled: 1,
    sort_order: app.sortOrder, created_at: now - 30 * DAY, category: null, captcha_strategy: null,
    client_secret_hash: null, client_secret_prev_hash: null, client_secret_prev_until: null,
    oidc_redirect_uris: null, oidc_post_logout_redirect_uris: null, oidc_grant_types: null, oidc_token_auth_method: null, oidc_jwks: null,
    oidc_access_token_ttl: null, oidc_id_token_ttl: null, oidc_refresh_token_ttl: null, oidc_backchannel_logout_uri: null, oidc_initiate_login_uri: null,
    oidc_first_party: 1, sso_legacy: 0,
    ...columns,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The application's role group with these roles, and who holds which (account → role code); accounts not in the organisation are skipped. */
export async function grantDemoRoles(
  db: Kysely<Database>, now: number, app: { id: number; appName: string }, roleCodes: string[], holders: Record<string, string>, userIds: Record<string, number>,
): Promise<void> {
  const group = await db.insertInto('perm_groups').values({ app_ref: app.id, name: `${app.appName} 权限组` }).returning('id').executeTakeFirstOrThrow();
  const roles: Record<string, number> = {};
  for (const code of roleCodes) {
    roles[code] = (await db.insertInto('app_roles').values({ group_ref: group.id, code, name: code }).returning('id').executeTakeFirstOrThrow()).id;
  }
  for (const [account, role] of Object.entries(holders)) {
    const userRef = userIds[account];
    if (userRef === undefined) continue;
    await db.insertInto('user_apps').values({ user_ref: userRef, app_ref: app.id, granted_at: now - 7 * DAY }).execute();
    await db.insertInto('user_roles').values({ user_ref: userRef, role_ref: roles[role], granted_at: now - 7 * DAY }).execute();
  }
}
