import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { sha256 } from '../platform/lib/crypto.js';
import { grantDemoRoles, insertDemoApp } from './seedDemoApp.js';

/**
 * The demo organisation's OpenID Connect clients, published in the README so that the sample
 * application (examples/oidc-rp) signs in through the portal at once; the second one is the
 * sample again on another port, to show single sign-on between two applications. Production
 * never seeds them.
 */
export const DEMO_RP = {
  clientId: 'demo-rp',
  clientSecret: 'demo-rp-secret',
  origin: 'http://127.0.0.1:8765',
} as const;

export const DEMO_RP_2 = {
  clientId: 'demo-rp-2',
  clientSecret: 'demo-rp-2-secret',
  origin: 'http://127.0.0.1:8766',
} as const;

interface DemoClient { clientId: string; clientSecret: string; origin: string; appName: string; sortOrder: number }

/**
 * Who may use each, and with which of its roles: emp0001 and everyone else may not. lisi does not
 * get the second one, so her "my apps" stays as the personal-centre journeys know it.
 */
const CLIENTS: { client: DemoClient; holders: Record<string, string> }[] = [
  { client: { ...DEMO_RP, appName: '示例应用 Demo RP', sortOrder: 100 }, holders: { lisi: 'RP_USER', zhangsan: 'RP_ADMIN', zhaoliu: 'RP_USER' } },
  { client: { ...DEMO_RP_2, appName: '示例应用二 Demo RP 2', sortOrder: 101 }, holders: { zhangsan: 'RP_USER', zhaoliu: 'RP_USER' } },
];

export async function seedDemoOidcClient(db: Kysely<Database>, now: number, userIds: Record<string, number>): Promise<void> {
  for (const { client, holders } of CLIENTS) await seedClient(db, now, userIds, client, holders);
}

async function seedClient(db: Kysely<Database>, now: number, userIds: Record<string, number>, client: DemoClient, holders: Record<string, string>): Promise<void> {
  const id = await insertDemoApp(db, now, { appId: client.clientId, appName: client.appName, home: `${client.origin}/`, sortOrder: client.sortOrder }, {
    // Only the hash is kept, as for every client secret; the clear one is the README's.
    client_secret_hash: sha256(client.clientSecret),
    oidc_redirect_uris: JSON.stringify([`${client.origin}/callback`]),
    oidc_post_logout_redirect_uris: JSON.stringify([`${client.origin}/`]),
    oidc_grant_types: JSON.stringify(['authorization_code', 'refresh_token']),
    oidc_token_auth_method: 'client_secret_basic',
    oidc_backchannel_logout_uri: `${client.origin}/backchannel-logout`,
    oidc_initiate_login_uri: `${client.origin}/login`,
  });
  await grantDemoRoles(db, now, { id, appName: client.appName }, ['RP_USER', 'RP_ADMIN'], holders, userIds);
}
