import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { DAY } from '../platform/lib/clock.js';
import { grantDemoRoles, insertDemoApp } from './seedDemoApp.js';

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
  // "My apps" opens the service's home; it sends the browser to /cas/login itself.
  const id = await insertDemoApp(db, now, { appId: DEMO_CAS.appId, appName: DEMO_CAS.appName, home: DEMO_CAS.service, sortOrder: 102 });
  await db.insertInto('cas_services').values({ app_ref: id, url: DEMO_CAS.service, match: 'prefix', created_at: now - 30 * DAY }).execute();
  await grantDemoRoles(db, now, { id, appName: DEMO_CAS.appName }, ['CAS_USER', 'CAS_ADMIN'], HOLDERS, userIds);
}
