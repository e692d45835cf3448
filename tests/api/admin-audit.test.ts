import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginHistoryTable } from '../../server/platform/db/schema.js';
import { NoticeKind } from '../../contract/enums.js';
import { passwordLogin, signIn, startClient, storeCases, type Client } from './harness.js';

const SIGN_INS = '/admin/v1/sign-in-log/list';
const OPERATIONS = '/admin/v1/operation-log/list';
const SIGN_IN_CSV = '/admin/v1/sign-in-log/export';
const OPERATION_CSV = '/admin/v1/operation-log/export';

/** A fixed moment for the fixtures, far from the demo's history. */
const T0 = Date.UTC(2031, 0, 10, 8, 0, 0);
const MIN = 60_000;

/** CSV text as records of cells (RFC 4180 quoting), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\r') continue;
    else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; } else cell += c;
  }
  return rows;
}

describe.each(storeCases())('workbench audit logs ($name)', (store) => {
  let client: Client;
  let auditor: string;
  let system: string;
  let appRef: number;
  let userRef: (account: string) => Promise<number>;
  beforeAll(async () => {
    client = await startClient(store, 'adminaudit');
    auditor = await signIn(client, 'auditor');
    system = await signIn(client, 'admin');
    const { db } = client.app.store;
    appRef = (await db.selectFrom('apps').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    userRef = async (account) => (await db.selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await client?.close(); });

  const post = async (path: string, body: Record<string, unknown>, token = auditor) =>
    (await client.post(path, { pageNum: 1, pageSize: 100, ...body }, { token })).json();
  const signInRow = async (account: string, over: Partial<Insertable<LoginHistoryTable>>): Promise<Insertable<LoginHistoryTable>> => ({
    user_ref: over.user_ref === undefined ? await userRef(account).catch(() => null) : over.user_ref, account, opt_type: 'ACCOUNT', app_ref: null, app_name: null,
    is_success: 1, login_msg: 'D00000', ip: '10.60.0.1', device_id: null, device_name: 'Chrome', created_at: T0, ...over,
  });

  it('refuses every log endpoint to lisi and to the system and security administrators with E00403 and shows nothing', async () => {
    for (const token of [await signIn(client, 'lisi'), system, await signIn(client, 'secadmin')]) {
      for (const path of [SIGN_INS, OPERATIONS]) {
        const res = await client.post(path, { pageNum: 1, pageSize: 10 }, { token });
        expect(res.statusCode, path).toBe(403);
        expect(res.json()).toMatchObject({ code: 'E00403', data: null });
      }
      for (const path of [SIGN_IN_CSV, OPERATION_CSV]) {
        const res = await client.get(path, { token });
        expect(res.statusCode, path).toBe(403);
        expect(res.headers['content-type']).toMatch(/json/);
        expect(res.json().code).toBe('E00403');
      }
    }
  });

  it('filters the sign-in log by account (known or not), application, result, address, type and time, newest first', async () => {
    const { db } = client.app.store;
    const app = await db.selectFrom('apps').select(['app_id', 'app_name']).where('id', '=', appRef).executeTakeFirstOrThrow();
    await db.insertInto('login_history').values([
      await signInRow('emp0051', { created_at: T0, ip: '10.61.0.1' }),
      await signInRow('emp0051', { created_at: T0 + MIN, ip: '10.61.0.2', is_success: 0, login_msg: 'E30002' }),
      await signInRow('emp0051', { created_at: T0 + 2 * MIN, ip: '10.61.1.1', opt_type: 'SSO', app_ref: appRef, app_name: app.app_name }),
      await signInRow('ghost.audit', { user_ref: null, created_at: T0 + 3 * MIN, ip: '10.61.0.3', is_success: 0, login_msg: 'E30002' }),
    ]).execute();
    const ids = (page: { datas: { ip: string }[] }) => page.datas.map((r) => r.ip);

    const all = (await post(SIGN_INS, { userId: 'EMP0051', startTime: T0, endTime: T0 + 10 * MIN })).data;
    expect(ids(all)).toEqual(['10.61.1.1', '10.61.0.2', '10.61.0.1']);
    expect(all.datas[1]).toMatchObject({ userId: 'emp0051', isSuccess: false, resultCode: 'E30002', loginMsg: '账号或密码错误', deviceName: 'Chrome' });
    expect(all.datas[0].userName).toEqual(expect.any(String));
    expect((await post(SIGN_INS, { userId: 'ghost.audit' })).data.datas).toEqual([expect.objectContaining({ userId: 'ghost.audit', userName: null, ip: '10.61.0.3' })]);
    expect(ids((await post(SIGN_INS, { appId: app.app_id, startTime: T0 })).data)).toEqual(['10.61.1.1']);
    expect((await post(SIGN_INS, { appId: 'no-such-app' })).data).toEqual({ datas: [], total: 0 });
    expect(ids((await post(SIGN_INS, { ip: '10.61.0.', result: 'FAILURE' })).data)).toEqual(['10.61.0.3', '10.61.0.2']);
    expect(ids((await post(SIGN_INS, { ip: '10.61.', result: 'SUCCESS', optType: 'ACCOUNT' })).data)).toEqual(['10.61.0.1']);
    expect(ids((await post(SIGN_INS, { ip: '10.61.', startTime: new Date(T0 + MIN).toISOString(), endTime: new Date(T0 + 2 * MIN).toISOString() })).data)).toEqual(['10.61.1.1', '10.61.0.2']);
    const english = await client.post(SIGN_INS, { userId: 'emp0051', result: 'FAILURE', pageNum: 1, pageSize: 10 }, { token: auditor, headers: { 'accept-language': 'en' } });
    expect(english.json().data.datas[0].loginMsg).toBe('Account or password is wrong');
  });

  it('logs real sign-in attempts as they happen', async () => {
    await passwordLogin(client, 'emp0052', 'Wrong#Pass99', {}, '10.62.0.1');
    await signIn(client, 'emp0052');
    const rows = (await post(SIGN_INS, { userId: 'emp0052' })).data.datas;
    expect(rows.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([true, false]);
    expect(rows[1]).toMatchObject({ ip: '10.62.0.1', resultCode: 'E30002' });
  });

  it('filters the operation log by account, scene, target, address and time, with an administrator\'s before and after', async () => {
    const { db } = client.app.store;
    const adminRef = await userRef('admin');
    const worker = await userRef('emp0053');
    await db.insertInto('operation_log').values([
      { user_ref: worker, scene_code: 'CHANGE_PASSWORD', detail: 'by-old', ip: '10.63.0.1', ip_region: null, created_at: T0, target: null, changes: null },
      { user_ref: adminRef, scene_code: 'ADMIN_USER_UPDATE', detail: null, ip: '10.63.0.2', ip_region: null, created_at: T0 + MIN, target: 'user:emp0053', changes: JSON.stringify({ before: { userName: 'A' }, after: { userName: 'B' } }) },
      { user_ref: adminRef, scene_code: 'ADMIN_APP_UPDATE', detail: null, ip: '10.63.0.2', ip_region: null, created_at: T0 + 2 * MIN, target: 'app:crm', changes: JSON.stringify({ before: null, after: { enabled: true } }) },
    ]).execute();
    expect((await post(OPERATIONS, { userId: 'emp0053' })).data.datas).toEqual([
      expect.objectContaining({ userId: 'emp0053', sceneCode: 'CHANGE_PASSWORD', detail: 'by-old', target: null, changes: null, ip: '10.63.0.1' }),
    ]);
    expect((await post(OPERATIONS, { target: 'user:emp0053' })).data.datas).toEqual([
      expect.objectContaining({ userId: 'admin', sceneCode: 'ADMIN_USER_UPDATE', changes: { before: { userName: 'A' }, after: { userName: 'B' } } }),
    ]);
    expect((await post(OPERATIONS, { ip: '10.63.0.2', startTime: T0 })).data.datas.map((r: { target: string }) => r.target)).toEqual(['app:crm', 'user:emp0053']);
    expect((await post(OPERATIONS, { sceneCode: 'ADMIN_APP_UPDATE', endTime: T0 + MIN })).data.total).toBe(0);
    expect((await post(OPERATIONS, { userId: 'nobody.here' })).data).toEqual({ datas: [], total: 0 });
  });

  it('names what each change touched as it is called now, and leaves keys that name nothing (or nothing any more) unnamed', async () => {
    const { db } = client.app.store;
    const adminRef = await userRef('admin');
    const app = await db.selectFrom('apps').select(['app_id', 'app_name']).orderBy('id').executeTakeFirstOrThrow();
    const dept = await db.selectFrom('departments').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const group = await db.selectFrom('mail_groups').select(['group_code', 'group_name']).orderBy('id').executeTakeFirstOrThrow();
    const notice = (await client.post('/admin/v1/notices/create', { title: '年终盘点通知', body: '正文', kind: NoticeKind.NOTICE }, { token: system })).json();
    expect(notice.code, JSON.stringify(notice)).toBe('D00000');
    const targets = [
      'user:lisi', 'mailbox:pub.hr', `app:${app.app_id}`, `dept:${dept.id}`, `group:${group.group_code}`, `notice:${notice.data.id}`,
      'notice:999999', 'policy:sms', 'session:12', 'user:ghost.person', 'dept:x',
    ];
    const T = T0 + 10 * MIN;
    await db.insertInto('operation_log').values(targets.map((target, i) => ({
      user_ref: adminRef, scene_code: 'ADMIN_USER_UPDATE', detail: null, ip: '10.63.9.9', ip_region: null, created_at: T + i, target, changes: null,
    }))).execute();
    const rows = (await post(OPERATIONS, { ip: '10.63.9.9', pageNum: 1, pageSize: 20 })).data.datas as { target: string; targetName: string | null }[];
    const named = Object.fromEntries(rows.map((r) => [r.target, r.targetName]));
    expect(named).toEqual({
      'user:lisi': '李四', 'mailbox:pub.hr': expect.any(String), [`app:${app.app_id}`]: app.app_name, [`dept:${dept.id}`]: dept.name,
      [`group:${group.group_code}`]: group.group_name, [`notice:${notice.data.id}`]: '年终盘点通知',
      'notice:999999': null, 'policy:sms': null, 'session:12': null, 'user:ghost.person': null, 'dept:x': null,
    });
  });

  it('refuses a time range that ends before it starts, naming endTime', async () => {
    for (const [path, body] of [[SIGN_INS, { startTime: T0, endTime: T0 - 1 }], [OPERATIONS, { startTime: '2031-01-10', endTime: '2031-01-09' }]] as const) {
      const res = await client.post(path, { pageNum: 1, pageSize: 10, ...body }, { token: auditor });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('E00001');
      expect(res.json().message).toContain('endTime');
    }
    const csv = await client.get(`${SIGN_IN_CSV}?startTime=${T0}&endTime=${T0 - 1}`, { token: auditor });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().code).toBe('E00001');
    expect((await client.get(`${SIGN_IN_CSV}?result=MAYBE`, { token: auditor })).json().code).toBe('E00001');
  });

  it('exports the filtered sign-in log as CSV across many pages, in order, with formulas defused', async () => {
    const { db } = client.app.store;
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      user_ref: null, account: i === 0 ? '=HYPERLINK("http://evil.example")' : `bulk.${i}`, opt_type: 'ACCOUNT', app_ref: null, app_name: null,
      is_success: 0, login_msg: 'E30002', ip: '10.64.0.1', device_id: null, device_name: 'Chrome, "Mobile"', created_at: T0 + Math.floor(i / 3) * 1000,
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('login_history').values(rows.slice(i, i + 200)).execute();
    const res = await client.get(`${SIGN_IN_CSV}?ip=10.64.&result=FAILURE`, { token: auditor, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('sign-in-log.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...records] = parseCsv(res.body);
    expect(header).toEqual(['Time', 'Account', 'Name', 'Type', 'Application', 'Result', 'Code', 'Message', 'IP', 'Device', 'Risk', 'Signals', 'Place']);
    expect(records).toHaveLength(1203);
    expect(new Set(records.map((r) => r[1])).size).toBe(1203);
    const times = records.map((r) => Date.parse(r[0]));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const evil = records.find((r) => r[1].includes('HYPERLINK'))!;
    expect(evil[1]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(evil[9]).toBe('Chrome, "Mobile"');
    expect(evil.slice(5, 8)).toEqual(['Failure', 'E30002', 'Account or password is wrong']);
  });

  it('exports the filtered operation log as CSV with the changes', async () => {
    const { db } = client.app.store;
    await db.insertInto('operation_log').values({
      user_ref: await userRef('admin'), scene_code: 'ADMIN_GROUP_UPDATE', detail: null, ip: '10.65.0.1', ip_region: null, created_at: T0,
      target: 'group:GS-X', changes: JSON.stringify({ before: { groupName: 'x' }, after: { groupName: '+y' } }),
    }).execute();
    const res = await client.get(`${OPERATION_CSV}?target=group:GS-X`, { token: auditor });
    expect(res.statusCode).toBe(200);
    const [header, ...records] = parseCsv(res.body);
    expect(header[0]).toBe('时间');
    expect(records).toEqual([[new Date(T0).toISOString(), 'admin', expect.any(String), 'ADMIN_GROUP_UPDATE', 'group:GS-X', '{"before":{"groupName":"x"},"after":{"groupName":"+y"}}', '', '10.65.0.1']]);
    const none = await client.get(`${OPERATION_CSV}?userId=nobody.here`, { token: auditor });
    expect(parseCsv(none.body)).toHaveLength(1);
  });
  it('finds a person\'s rows in both logs by part of the account or the name, in either script', async () => {
    const { db } = client.app.store;
    const lisi = await userRef('lisi');
    const T = T0 + 30 * MIN;
    await db.insertInto('login_history').values([
      await signInRow('lisi', { created_at: T, ip: '10.66.0.1', opt_type: 'PASSKEY' }),
      await signInRow('lisi', { created_at: T + MIN, ip: '10.66.0.2', opt_type: 'ACCOUNT', is_success: 0, login_msg: 'E30002' }),
      await signInRow('emp0066', { created_at: T + 2 * MIN, ip: '10.66.0.3' }),
    ]).execute();
    await db.insertInto('operation_log').values([
      { user_ref: lisi, scene_code: 'ADD_PASSKEY', detail: 'laptop', ip: '10.66.1.1', ip_region: null, created_at: T, target: null, changes: null },
      { user_ref: await userRef('emp0066'), scene_code: 'ADD_PASSKEY', detail: 'phone', ip: '10.66.1.2', ip_region: null, created_at: T + MIN, target: null, changes: null },
    ]).execute();
    const ips = (page: { datas: { ip: string }[] }) => page.datas.map((r) => r.ip);
    for (const text of ['li', 'LIS', '李', '李四']) {
      expect(ips((await post(SIGN_INS, { userId: text, ip: '10.66.0.' })).data), text).toEqual(['10.66.0.2', '10.66.0.1']);
      expect(ips((await post(OPERATIONS, { userId: text, ip: '10.66.1.' })).data), text).toEqual(['10.66.1.1']);
    }
    // A method picked from the list filters by it.
    expect(ips((await post(SIGN_INS, { ip: '10.66.0.', optType: 'PASSKEY' })).data)).toEqual(['10.66.0.1']);
    expect(ips((await post(OPERATIONS, { ip: '10.66.1.', sceneCode: 'ADD_PASSKEY' })).data)).toEqual(['10.66.1.2', '10.66.1.1']);
  });

  it('refuses a method or operation that is not one of the pickers\' values, in both languages', async () => {
    for (const [path, body, field] of [
      [SIGN_INS, { optType: 'passkey' }, 'optType'], [SIGN_INS, { optType: '通行密钥' }, 'optType'], [OPERATIONS, { sceneCode: 'ADMIN_NOTHING' }, 'sceneCode'],
    ] as const) {
      for (const lang of ['zh', 'en']) {
        const res = await client.post(path, { pageNum: 1, pageSize: 10, ...body }, { token: auditor, headers: { 'accept-language': lang } });
        expect(res.statusCode, `${path} ${lang}`).toBe(400);
        expect(res.json().code).toBe('E00001');
        expect(res.json().message).toContain(field);
      }
    }
    expect((await client.get(`${OPERATION_CSV}?sceneCode=NOPE`, { token: auditor })).json().code).toBe('E00001');
  });

  it('sorts both logs by time either way and refuses any other sort column', async () => {
    const { db } = client.app.store;
    const T = T0 + 60 * MIN;
    await db.insertInto('login_history').values([await signInRow('emp0067', { created_at: T, ip: '10.67.0.1' }), await signInRow('emp0067', { created_at: T + MIN, ip: '10.67.0.2' })]).execute();
    const worker = await userRef('emp0067');
    await db.insertInto('operation_log').values([0, 1].map((i) => ({ user_ref: worker, scene_code: 'LOGIN', detail: null, ip: `10.67.1.${i}`, ip_region: null, created_at: T + i * MIN, target: null, changes: null }))).execute();
    const ips = (page: { datas: { ip: string }[] }) => page.datas.map((r) => r.ip);
    expect(ips((await post(SIGN_INS, { ip: '10.67.0.', sortField: 'createdDate', sortOrder: 'asc' })).data)).toEqual(['10.67.0.1', '10.67.0.2']);
    expect(ips((await post(SIGN_INS, { ip: '10.67.0.', sortField: 'createdDate', sortOrder: 'desc' })).data)).toEqual(['10.67.0.2', '10.67.0.1']);
    expect(ips((await post(OPERATIONS, { ip: '10.67.1.', sortField: 'createdDate', sortOrder: 'asc' })).data)).toEqual(['10.67.1.0', '10.67.1.1']);
    expect(ips((await post(OPERATIONS, { ip: '10.67.1.' })).data)).toEqual(['10.67.1.1', '10.67.1.0']);
    for (const path of [SIGN_INS, OPERATIONS]) {
      const res = await client.post(path, { pageNum: 1, pageSize: 10, sortField: 'ip', sortOrder: 'asc' }, { token: auditor });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code).toBe('E00001');
    }
  });
});
