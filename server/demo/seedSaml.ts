import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { DAY } from '../platform/lib/clock.js';
import { grantDemoRoles, insertDemoApp } from './seedDemoApp.js';

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
  const id = await insertDemoApp(db, now, { appId: sp.appId, appName: sp.appName, home: `${sp.origin}/`, sortOrder: sp.sortOrder });
  await db.insertInto('saml_sps').values({
    app_ref: id, entity_id: `${sp.origin}/metadata`, acs_urls: JSON.stringify([{ url: `${sp.origin}/acs`, index: 0, isDefault: true }]),
    slo_url: `${sp.origin}/slo`, slo_binding: 'redirect', name_id_format: 'persistent', attributes: JSON.stringify(ATTRIBUTES),
    requests_signed: 0, signing_certs: '[]', encryption_cert: null, metadata_xml: null, updated_at: now - 30 * DAY,
  }).execute();
  await grantDemoRoles(db, now, { id, appName: sp.appName }, ['SAML_USER', 'SAML_ADMIN'], holders, userIds);
}
