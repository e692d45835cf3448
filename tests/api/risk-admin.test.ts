import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';
import { adminApi, unique } from './adminHarness.js';
import { loginHistoryRepo } from '../../server/audit/loginHistoryRepository.js';
import type { RiskJudgement } from '../../contract/schemas/risk.js';
import { judged } from './risk-support.js';

const ZONES = '/network-zones';
const POLICY = '/apps/risk-policy';
const OWN_POLICY = { medium: 'STEP_UP', high: 'REFUSE', signals: { NEW_DEVICE: 'STEP_UP' }, zones: [] as number[] };

describe.each(storeCases())('workbench: network zones, application risk policies, the judged sign-in log ($name)', (store) => {
  let client: Client;
  let system: string;
  let security: string;
  let auditor: string;
  let deptadmin: string;
  const api = adminApi(() => client, () => security);

  beforeAll(async () => {
    client = await startClient(store, 'riskadmin');
    [system, security, auditor, deptadmin] = await Promise.all(['admin', 'secadmin', 'auditor', 'deptadmin'].map((a) => signIn(client, a)));
  });
  afterAll(async () => { await client?.close(); });

  const newZone = async (kind = 'OFFICE', ranges = ['10.8.0.0/16']) => {
    const name = unique('office');
    const { id } = await api.ok(`${ZONES}/create`, { name, kind, ranges });
    return { id: id as number, name };
  };
  const newApp = async () => {
    const appId = unique('riskapp');
    const { id } = await api.ok('/apps/create', { appId, appName: appId, idpSsoUrl: 'https://app.example.com/sso', loginTypes: ['ACCOUNT'], legacy: true, redirectUris: [] }, system);
    return { id: id as number, appId };
  };
  const refusal = async (path: string, body: unknown, token = security) => {
    const res = await api.post(path, body, token);
    return { status: res.statusCode, code: res.json().code as string, message: res.json().message as string };
  };

  it('creates, lists, changes and deletes zones, each change audited with before and after', async () => {
    const { id, name } = await newZone('OFFICE', ['10.8.0.0/16', ' 2001:db8::/32 ', '10.8.0.0/16', '192.0.2.7']);
    const listed = await api.ok(`${ZONES}/list`, {});
    expect(listed.find((z: { id: number }) => z.id === id)).toMatchObject({ name, kind: 'OFFICE', ranges: ['10.8.0.0/16', '2001:db8::/32', '192.0.2.7'], usedBy: [] });
    expect((await api.ok(`${ZONES}/list`, { kind: 'BLOCKED' })).some((z: { id: number }) => z.id === id)).toBe(false);

    const renamed = unique('vpn');
    expect(await api.ok(`${ZONES}/update`, { id, name: renamed, kind: 'VPN', ranges: ['172.16.0.0/12'] })).toBeNull();
    expect((await api.ok(`${ZONES}/list`, { kind: 'VPN' })).find((z: { id: number }) => z.id === id)).toMatchObject({ name: renamed, ranges: ['172.16.0.0/12'] });

    expect(await api.ok(`${ZONES}/delete`, { id })).toBeNull();
    expect((await api.ok(`${ZONES}/list`, {})).some((z: { id: number }) => z.id === id)).toBe(false);
    expect(await refusal(`${ZONES}/delete`, { id })).toMatchObject({ status: 404, code: 'E00404' });
    expect(await refusal(`${ZONES}/update`, { id, name: renamed, kind: 'VPN', ranges: ['10.0.0.0/8'] })).toMatchObject({ status: 404 });

    const [created] = await api.audits('ADMIN_ZONE_CREATE', `zone:${id}`);
    expect(JSON.parse(created.changes!)).toMatchObject({ after: { name, kind: 'OFFICE' } });
    const [updated] = await api.audits('ADMIN_ZONE_UPDATE', `zone:${id}`);
    expect(JSON.parse(updated.changes!)).toMatchObject({ before: { name, kind: 'OFFICE' }, after: { name: renamed, kind: 'VPN', ranges: ['172.16.0.0/12'] } });
    const [deleted] = await api.audits('ADMIN_ZONE_DELETE', `zone:${id}`);
    expect(JSON.parse(deleted.changes!)).toMatchObject({ before: { name: renamed }, after: null });
  });

  it('refuses ranges that are not real addresses or prefixes, naming the field (E00001)', async () => {
    const name = unique('bad');
    for (const [ranges, field] of [
      [['999.1.1.1'], 'ranges.0'], [['10.0.0.0/8', '10.0.0.0/33'], 'ranges.1'], [['10.8.1.0/16'], 'ranges.0'], [['1.2.3'], 'ranges.0'],
      [['2001:db8::/129'], 'ranges.0'], [['1::2::3'], 'ranges.0'], [['fe80::1/10'], 'ranges.0'], [['10.0.0.1/'], 'ranges.0'], [[], 'ranges'],
    ] as const) {
      const res = await refusal(`${ZONES}/create`, { name, kind: 'OFFICE', ranges });
      expect({ ranges, status: res.status, code: res.code }).toEqual({ ranges, status: 400, code: 'E00001' });
      expect(res.message).toContain(field);
    }
    expect((await refusal(`${ZONES}/create`, { name, kind: 'HOME', ranges: ['10.0.0.0/8'] })).code).toBe('E00001');
    expect((await refusal(`${ZONES}/create`, { name: '  ', kind: 'OFFICE', ranges: ['10.0.0.0/8'] })).message).toContain('name');
    // IPv6, an IPv4 tail and a single address are ranges too.
    const ok = await newZone('BLOCKED', ['::ffff:10.0.0.1', 'fe80::/10', '::/0', '203.0.113.9/32']);
    await api.ok(`${ZONES}/delete`, { id: ok.id });
  });

  it("puts a saved zone in force at the next sign-in on this instance (the engine's cached zones are dropped)", async () => {
    const ip = `203.0.113.${(process.pid % 200) + 20}`;
    expect((await judged(client, 'emp0031', ip, 'laptop-31')).code).toBe('D00000');
    const zone = await newZone('BLOCKED', [`${ip}/32`]);
    const refused = await judged(client, 'emp0031', ip, 'laptop-31');
    expect(refused.code).toBe('E30056');
    expect(refused.signals).toContain('BLOCKED_ZONE');
    await api.ok(`${ZONES}/update`, { id: zone.id, name: zone.name, kind: 'OFFICE', ranges: [`${ip}/32`] });
    expect((await judged(client, 'emp0031', ip, 'laptop-31')).code).toBe('D00000');
    await api.ok(`${ZONES}/delete`, { id: zone.id });
  });

  it('refuses a second zone of the same name (E40421), on create and on rename', async () => {
    const first = await newZone();
    const second = await newZone();
    // The operation log names the zone a change touched.
    const logged = await api.ok('/operation-log/list', { target: `zone:${first.id}`, pageNum: 1, pageSize: 10 }, auditor);
    expect(logged.datas).toEqual([expect.objectContaining({ sceneCode: 'ADMIN_ZONE_CREATE', target: `zone:${first.id}`, targetName: first.name })]);
    expect(await refusal(`${ZONES}/create`, { name: first.name, kind: 'VPN', ranges: ['10.9.0.0/16'] })).toMatchObject({ status: 200, code: 'E40421' });
    expect(await refusal(`${ZONES}/update`, { id: second.id, name: first.name, kind: 'VPN', ranges: ['10.9.0.0/16'] })).toMatchObject({ status: 200, code: 'E40421' });
    for (const zone of [first, second]) await api.ok(`${ZONES}/delete`, { id: zone.id });
  });

  it('keeps a zone an application is confined to: no delete, no blocking (E40422 names the application)', async () => {
    const zone = await newZone();
    const app = await newApp();
    await api.ok(`${POLICY}/update`, { id: app.id, policy: { ...OWN_POLICY, zones: [zone.id] } });
    expect((await api.ok(`${ZONES}/list`, {})).find((z: { id: number }) => z.id === zone.id).usedBy).toEqual([{ id: app.id, appName: app.appId }]);
    const refused = await refusal(`${ZONES}/delete`, { id: zone.id });
    expect(refused).toMatchObject({ status: 200, code: 'E40422' });
    expect(refused.message).toContain(app.appId);
    expect(await refusal(`${ZONES}/update`, { id: zone.id, name: zone.name, kind: 'BLOCKED', ranges: ['10.8.0.0/16'] })).toMatchObject({ status: 200, code: 'E40422' });
    // Other changes (ranges, office → VPN) are fine.
    await api.ok(`${ZONES}/update`, { id: zone.id, name: zone.name, kind: 'VPN', ranges: ['10.8.0.0/16', '10.9.0.0/16'] });
    await api.ok(`${POLICY}/update`, { id: app.id, policy: null });
    await api.ok(`${ZONES}/delete`, { id: zone.id });
  });

  it('lets only the security administrator call the zone endpoints', async () => {
    for (const token of [system, auditor, deptadmin, await signIn(client, 'zhangsan')]) {
      for (const [path, body] of [[`${ZONES}/list`, {}], [`${ZONES}/create`, { name: unique('x'), kind: 'OFFICE', ranges: ['10.0.0.0/8'] }], [`${ZONES}/delete`, { id: 1 }]] as const) {
        expect((await refusal(path, body, token)).code).toMatch(/^E00403$|^E00401$/);
      }
    }
  });

  it("reads and sets an application's own risk policy, null following the default; audited", async () => {
    const app = await newApp();
    const office = await newZone('OFFICE');
    const blocked = await newZone('BLOCKED', ['198.51.100.0/24']);
    const got = await api.ok(`${POLICY}/get`, { id: app.id });
    expect(got.policy).toBeNull();
    expect(got.zoneChoices).toContainEqual({ id: office.id, name: office.name, kind: 'OFFICE' });
    expect(got.zoneChoices.some((z: { id: number }) => z.id === blocked.id)).toBe(false);

    const own = { ...OWN_POLICY, zones: [office.id, office.id] };
    expect(await api.ok(`${POLICY}/update`, { id: app.id, policy: own })).toBeNull();
    expect((await api.ok(`${POLICY}/get`, { id: app.id })).policy).toEqual({ ...OWN_POLICY, zones: [office.id] });
    const stored = await client.app.store.db.selectFrom('apps').select('risk_policy').where('id', '=', app.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.risk_policy!)).toEqual({ ...OWN_POLICY, zones: [office.id] });

    // Zones named must exist and be office or VPN ones.
    for (const [zones, text] of [[[blocked.id], 'policy.zones.0'], [[office.id, 1_999_999_999], 'policy.zones.1']] as const) {
      const res = await refusal(`${POLICY}/update`, { id: app.id, policy: { ...OWN_POLICY, zones } });
      expect(res).toMatchObject({ status: 400, code: 'E00001' });
      expect(res.message).toContain(text);
    }
    expect((await refusal(`${POLICY}/update`, { id: app.id, policy: { ...OWN_POLICY, medium: 'MAYBE' } })).code).toBe('E00001');
    expect((await refusal(`${POLICY}/update`, { id: app.id, policy: { ...OWN_POLICY, signals: { SOMETHING: 'REFUSE' } } })).code).toBe('E00001');
    expect(await refusal(`${POLICY}/get`, { id: 1_999_999_999 })).toMatchObject({ status: 404, code: 'E00404' });

    expect(await api.ok(`${POLICY}/update`, { id: app.id, policy: null })).toBeNull();
    expect((await api.ok(`${POLICY}/get`, { id: app.id })).policy).toBeNull();
    const rows = await api.audits('ADMIN_APP_RISK_POLICY', `app:${app.appId}`);
    expect(rows.map((r) => JSON.parse(r.changes!))).toEqual([
      { before: { riskPolicy: null }, after: { riskPolicy: { ...OWN_POLICY, zones: [office.id] } } },
      { before: { riskPolicy: { ...OWN_POLICY, zones: [office.id] } }, after: { riskPolicy: null } },
    ]);
    for (const zone of [office, blocked]) await api.ok(`${ZONES}/delete`, { id: zone.id });
  });

  it("lets an application's owner set their own application's policy, not another's (E60205); others' duties are refused", async () => {
    const [mine, other] = [await newApp(), await newApp()];
    await api.ok('/apps/owners/add', { id: mine.id, userIds: ['zhangsan'] });
    const owner = await signIn(client, 'zhangsan');
    expect((await api.ok(`${POLICY}/get`, { id: mine.id }, owner)).policy).toBeNull();
    await api.ok(`${POLICY}/update`, { id: mine.id, policy: OWN_POLICY }, owner);
    for (const [path, body] of [[`${POLICY}/get`, { id: other.id }], [`${POLICY}/update`, { id: other.id, policy: null }], [`${POLICY}/get`, { id: 1_999_999_999 }]] as const) {
      expect(await refusal(path, body, owner)).toMatchObject({ status: 404, code: 'E60205' });
    }
    for (const token of [system, auditor, deptadmin]) {
      expect((await refusal(`${POLICY}/update`, { id: mine.id, policy: null }, token)).code).toBe('E00403');
    }
    await api.ok('/apps/owners/remove', { id: mine.id, userIds: ['zhangsan'] });
    expect((await refusal(`${POLICY}/get`, { id: mine.id }, owner)).code).toBe('E00403');
  });

  it('saves the default risk policy in the policies, with its version in the history', async () => {
    const before = (await api.ok('/policies/get', {})).risk;
    expect(before).toMatchObject({ enabled: true, medium: 'ALLOW', high: 'STEP_UP', newDeviceDays: 90 });
    const changed = { enabled: true, medium: 'STEP_UP', high: 'REFUSE', signals: { NEW_NETWORK: 'STEP_UP', BLOCKED_ZONE: 'REFUSE' }, newDeviceDays: 30, notify: false, enrolOnStepUp: false };
    // Put back in finally: a default left stepping up or refusing would change the other tests' sign-ins.
    try {
      await api.ok('/policies/update', { risk: changed });
      const now = await api.ok('/policies/get', {});
      expect(now.risk).toEqual(changed);
      expect(now.customized).toContain('risk');
      // A partial change keeps the other fields; the version shows the section before and after.
      await api.ok('/policies/update', { risk: { medium: 'ALLOW' } });
      expect((await api.ok('/policies/get', {})).risk).toEqual({ ...changed, medium: 'ALLOW' });
      const [latest] = (await api.ok('/policies/history', { pageNum: 1, pageSize: 1 })).datas;
      expect(latest).toMatchObject({ action: 'UPDATE', sections: ['risk'] });
      const detail = await api.ok('/policies/version', { version: latest.version });
      expect(detail.policies.risk).toEqual({ ...changed, medium: 'ALLOW' });
      expect(detail.previous.risk).toEqual(changed);
      expect((await refusal('/policies/update', { risk: { newDeviceDays: 0 } })).message).toContain('risk.newDeviceDays');
      expect((await refusal('/policies/update', { risk: { high: 'SOMETIMES' } })).code).toBe('E00001');
    } finally {
      await api.ok('/policies/update', { risk: before });
    }
  });

  it('shows the judgement on sign-in log rows and filters by level and by signal', async () => {
    // Judged rows written as the sign-in writes them (through the log's repository, into the audit chain).
    const log = loginHistoryRepo(client.app.store.db);
    const zhangsan = await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', 'zhangsan').executeTakeFirstOrThrow();
    const ip = `10.${(process.pid % 200) + 1}.${Math.floor(Math.random() * 250)}.`;
    const write = (n: number, risk: RiskJudgement | null) => log.insert({
      userRef: zhangsan.id, account: 'zhangsan', optType: 'ACCOUNT', appRef: null, appName: null, success: true, loginMsg: 'D00000',
      ip: `${ip}${n}`, deviceId: null, deviceName: null, createdAt: Date.now() + n, risk,
    });
    await write(1, { level: 'HIGH', signals: ['NEW_DEVICE', 'IMPOSSIBLE_TRAVEL'], place: 'CN Shanghai' });
    await write(2, { level: 'MEDIUM', signals: ['NEW_NETWORK'], place: null });
    await write(3, { level: 'LOW', signals: [], place: null });
    await write(4, null);
    const list = async (filters: Record<string, unknown>) =>
      (await api.ok('/sign-in-log/list', { pageNum: 1, pageSize: 50, ip, ...filters }, auditor)).datas as { ip: string; risk: RiskJudgement | null }[];
    const ips = (rows: { ip: string }[]) => rows.map((r) => r.ip.slice(ip.length)).sort();

    const all = await list({});
    expect(ips(all)).toEqual(['1', '2', '3', '4']);
    expect(all.find((r) => r.ip === `${ip}1`)!.risk).toEqual({ level: 'HIGH', signals: ['NEW_DEVICE', 'IMPOSSIBLE_TRAVEL'], place: 'CN Shanghai' });
    expect(all.find((r) => r.ip === `${ip}3`)!.risk).toEqual({ level: 'LOW', signals: [], place: null });
    expect(all.find((r) => r.ip === `${ip}4`)!.risk).toBeNull();
    expect(ips(await list({ riskLevel: 'HIGH' }))).toEqual(['1']);
    expect(ips(await list({ riskLevel: 'LOW' }))).toEqual(['3']);
    expect(ips(await list({ riskSignal: 'NEW_NETWORK' }))).toEqual(['2']);
    expect(ips(await list({ riskSignal: 'IMPOSSIBLE_TRAVEL', riskLevel: 'HIGH' }))).toEqual(['1']);
    expect(ips(await list({ riskSignal: 'IMPOSSIBLE_TRAVEL', riskLevel: 'MEDIUM' }))).toEqual([]);
    expect((await refusal('/sign-in-log/list', { riskLevel: 'EXTREME' }, auditor)).code).toBe('E00001');
    expect((await refusal('/sign-in-log/list', { riskSignal: 'NEW' }, auditor)).code).toBe('E00001');
    // The export takes the same filters and carries the judgement as codes.
    const csv = await client.get(`/admin/v1/sign-in-log/export?ip=${ip}&riskLevel=HIGH`, { token: auditor, headers: { 'accept-language': 'en' } });
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toMatch(/,Risk,Signals,Place$/);
    expect(lines.slice(1)).toEqual([expect.stringMatching(/,HIGH,"NEW_DEVICE,IMPOSSIBLE_TRAVEL",CN Shanghai$/)]);
    // The audit chain still verifies with the judged rows in it.
    const verified = await api.ok('/audit-trail/verify', {}, auditor);
    expect(verified).toMatchObject({ intact: true });
  });
});
