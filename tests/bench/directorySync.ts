/**
 * The first directory sync against its floor (DESIGN.md §8: CSV import and directory sync ≥ 50 %
 * of a batched INSERT of the same rows), not part of `npm test`:
 *
 *   npx tsx tests/bench/directorySync.ts      # SQLite; DATABASE_URL=postgres://… for PostgreSQL
 *
 * A real slapd holds BENCH_DIRECTORY_PEOPLE (10,000) people in 30 OUs and 50 groups. Measured: the
 * first full sync on an empty, migrated store (reading the directory, planning, writing people,
 * departments, roles and group members), and the floor: the same people's rows inserted in the
 * same batches (900, one transaction each, with their EMPLOYEE role) into another empty store.
 * Printed: both times and the ratio floor ÷ sync (the budget: ≥ 0.5).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openStore } from '../../server/platform/db/connect.js';
import { readConfig } from '../../server/platform/config.js';
import { systemClock } from '../../server/platform/lib/clock.js';
import { dataLayer } from '../../server/composition/repositories.js';
import { buildServices } from '../../server/composition/services.js';
import { contextOn } from '../../server/composition/context.js';
import { demoGateway } from '../../server/sms/gateway.js';
import { startDirectory } from '../support/slapd.js';
import { account, organisationLdif, personDn } from '../support/directoryLdif.js';

const people = Number(process.env.BENCH_DIRECTORY_PEOPLE ?? 10_000);
const SHAPE = { people, ous: 30, groups: 50 };
const BATCH = 900;
const BUDGET = 0.5;

const dir = mkdtempSync(join(tmpdir(), 'idaas-bench-dirsync-'));
function storeUrl(label: string): string {
  const base = process.env.DATABASE_URL;
  if (!base) return `file:${join(dir, `${label}.db`)}`;
  const url = new URL(base);
  url.searchParams.set('schema', `bench_dirsync_${label}_${process.pid}`);
  return url.toString();
}

async function main(): Promise<void> {
  const directory = await startDirectory([], organisationLdif(SHAPE, 'dc=corp,dc=example'));
  try {
    const auditKey = join(dir, 'audit-signing-key.pem');
    writeFileSync(auditKey, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const env = { IDAAS_MODE: 'production', SMS_GATEWAY_URL: 'http://sms.invalid/', AUDIT_SIGNING_KEY: auditKey, LDAP_URL: directory.url, LDAP_BASE_DN: directory.baseDn, LDAP_BIND_DN: directory.bindDn, LDAP_BIND_PASSWORD: directory.bindPassword };

    // The sync, on an empty store with one administrator (the groups' manager).
    const config = readConfig({ ...env, DATABASE_URL: storeUrl('sync') });
    const store = openStore(config.databaseUrl);
    await migrate(store);
    const services = buildServices(contextOn(dataLayer(store.db), config, systemClock), demoGateway);
    await services.admin.users.createAdministrator('bench.admin', 'system', { ip: 'bench', userAgent: 'bench', deviceId: null, deviceName: null, trustTokens: {} });
    const t0 = performance.now();
    const run = await services.admin.directory.sync({ dryRun: false, trigger: 'cli', actorRef: null, mode: 'full', caller: { ip: 'bench', userAgent: 'bench', deviceId: null, deviceName: null, trustTokens: {} } });
    const syncMs = performance.now() - t0;
    await store.db.destroy();

    // The floor: the same rows, the same batches, nothing else.
    const floorStore = openStore(storeUrl('floor'));
    await migrate(floorStore);
    const role = (await floorStore.db.insertInto('portal_roles').values({ code: 'EMPLOYEE', name: 'EMPLOYEE' }).returning('id').executeTakeFirstOrThrow()).id;
    const now = Date.now();
    const t1 = performance.now();
    for (let start = 0; start < people; start += BATCH) {
      await floorStore.db.transaction().execute(async (tx) => {
        const rows = [];
        for (let i = start; i < Math.min(people, start + BATCH); i++) {
          rows.push({
            user_id: account(i), user_name: `Person ${i}`, user_type: 'STAFF', mobile_no: i % 20 === 0 ? `139${String(i).padStart(8, '0')}` : null, phone_disabled: 0,
            email: `${account(i)}@corp.example.com`, mail_local_address: null, description: null, avatar: null, enabled: 1, activated: 1, user_expire_date: null,
            password_hash: null, password_changed_at: null, password_expire_at: null, password_level: null, must_change_password: 0, second_auth_required: 0,
            ldap_dn: personDn(i, SHAPE, 'dc=corp,dc=example'), company_name: null, dept_name: null, position_name: null, manager_user_ref: null, senior_leader: 0,
            mailbox_manager_ref: null, klpa_result_desc: null, dept_ref: null, external_id: null, given_name: null, family_name: null, created_at: now, updated_at: now,
            directory_key: `key-${i}`,
          });
        }
        const ids = await tx.insertInto('users').values(rows).onConflict((oc) => oc.doNothing()).returning('id').execute();
        await tx.insertInto('user_portal_roles').values(ids.map((r) => ({ user_ref: r.id, role_ref: role }))).execute();
      });
    }
    const floorMs = performance.now() - t1;
    await floorStore.db.destroy();

    const ratio = floorMs / syncMs;
    console.log(`store: ${process.env.DATABASE_URL ? 'postgres' : 'sqlite'}; people: ${people}; run ${run.status}, created ${run.counts.created}`);
    console.log(`first sync: ${syncMs.toFixed(0)} ms; batched insert floor: ${floorMs.toFixed(0)} ms; ratio ${ratio.toFixed(2)} (budget ≥ ${BUDGET}) ${ratio >= BUDGET ? 'OK' : 'BELOW BUDGET'}`);
  } finally {
    await directory.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
