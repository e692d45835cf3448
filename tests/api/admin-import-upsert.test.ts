import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_SMS_BUDGETS, startClient, storeCases, type Client } from './harness.js';
import { byDuty, finishedImport, signInAdministrators, type AdministratorTokens } from './adminHarness.js';

const HEADER = 'account,name,type,phone,email,department';

describe.each(storeCases())('workbench: a CSV import updates the people it names ($name)', (store) => {
  let client: Client;
  let admin: string;
  let admins: AdministratorTokens;
  let seq = 0;
  const unique = (label: string) => `${label}${Date.now().toString(36)}${seq++}`;
  const phone = () => `17${String(100_000_000 + Math.floor(Math.random() * 899_999_999))}`;

  beforeAll(async () => {
    client = await startClient(store, 'importupsert', {}, ROOMY_SMS_BUDGETS);
    admins = await signInAdministrators(client);
    admin = admins.system;
  });
  afterAll(async () => { await client?.close(); });

  /** Signed in as an administrator whose duty the endpoint names (the system administrator first). */
  const dutyHolder = byDuty(() => admins);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => client.post(`/admin/v1/${path}`, body, { token: dutyHolder(`/${path}`), headers });
  const call = async (path: string, body: unknown) => (await post(path, body)).json();
  const newDept = async (name: string) => (await call('organisation/create', { name, kind: 'COMPANY', parentId: null })).data as { id: number; name: string };
  const newUser = async (fields: Record<string, unknown>) => {
    const res = await call('users/create', { userId: unique('up'), userName: '原名', ...fields });
    expect(res.code, JSON.stringify(res)).toBe('D00000');
    return res.data as { id: number; userId: string; updatedDate: string };
  };
  const get = async (id: number) => (await call('users/get', { id })).data;
  const waitForImport = (jobId: string) => finishedImport(client, admin, jobId);

  /** Two people, a file that renames, renumbers and moves one, names the other as they are, adds one and breaks two rows. */
  async function scene() {
    const [from, to] = [await newDept(unique('旧司')), await newDept(unique('新司'))];
    const [oldPhone, newPhone] = [phone(), phone()];
    const moved = await newUser({ mobileNo: oldPhone, email: 'old@corp.example.com', deptId: from.id });
    const same = await newUser({ userName: '不变', deptId: to.id });
    const fresh = unique('new');
    const csv = [
      HEADER,
      // Empty cells change nothing: the email stays.
      `${moved.userId},新名,TEMP,${newPhone},,${to.name}`,
      `${same.userId},不变,,,,${to.name}`,
      `${fresh},新人,STAFF,,,`,
      `${unique('bad')},坏号码,STAFF,123,,`,
      // Lisi's number is hers: nobody else gets it through an update.
      `${same.userId.toUpperCase()}x,"Comma, name",STAFF,13800000002,,`,
      '',
    ].join('\r\n');
    return { from, to, oldPhone, newPhone, moved, same, fresh, csv };
  }

  it('dry run: says what each row would do (new accounts counted), the changes before → after, and writes nothing', async () => {
    const { from, to, oldPhone, newPhone, moved, same, fresh, csv } = await scene();
    const dry = await call('users/import/check', { csv });
    expect(dry.code, JSON.stringify(dry)).toBe('D00000');
    expect(dry.data).toMatchObject({ total: 5, valid: 3, creates: 1, updates: 1, unchanged: 1 });
    expect(dry.data.plan).toEqual([
      {
        line: 2, account: moved.userId, action: 'UPDATE', changes: [
          { field: 'name', before: '原名', after: '新名' }, { field: 'type', before: 'STAFF', after: 'TEMP' },
          { field: 'phone', before: oldPhone, after: newPhone }, { field: 'department', before: from.name, after: to.name },
        ],
      },
      { line: 3, account: same.userId, action: 'UNCHANGED', changes: [] },
    ]);
    expect(dry.data.errors.map((e: { line: number; code: string }) => [e.line, e.code])).toEqual([[5, 'E10906'], [6, 'E10603']]);
    expect(await get(moved.id)).toMatchObject({ userName: '原名', userType: 'STAFF', mobileNo: oldPhone, deptId: from.id });
    expect((await call('users/list', { keyword: fresh, pageNum: 1, pageSize: 5 })).data.total).toBe(0);
  });

  it('the run writes exactly what the dry run said: the update audited, the unchanged person untouched, the new one created', async () => {
    const { to, newPhone, moved, same, fresh, csv } = await scene();
    const started = await call('users/import/start', { csv });
    expect(started.data).toMatchObject({ total: 5, valid: 4 });
    const status = await waitForImport(started.data.jobId);
    expect(status).toMatchObject({ total: 5, processed: 5, created: 1, updated: 1, unchanged: 1, failed: 2, done: true });
    expect(await get(moved.id)).toMatchObject({ userName: '新名', userType: 'TEMP', mobileNo: newPhone, email: 'old@corp.example.com', deptId: to.id });
    expect((await get(same.id)).updatedDate).toBe(same.updatedDate);
    expect((await call('users/list', { keyword: fresh, pageNum: 1, pageSize: 5 })).data.total).toBe(1);
    const audit = (await call('operation-log/list', { target: `user:${moved.userId}`, sceneCode: 'ADMIN_USER_UPDATE', pageNum: 1, pageSize: 5 })).data.datas;
    expect(audit).toHaveLength(1);
    expect(audit[0].changes.after).toMatchObject({ userName: '新名', mobileNo: newPhone });
    expect((await call('operation-log/list', { target: `user:${same.userId}`, sceneCode: 'ADMIN_USER_UPDATE', pageNum: 1, pageSize: 5 })).data.datas).toHaveLength(0);
    // Run again, the file changes nobody.
    expect((await call('users/import/check', { csv })).data).toMatchObject({ creates: 0, updates: 0, unchanged: 3 });
  });

  it('offers the refused rows as a file: the original columns and cells, and the reason in the reader\'s language', async () => {
    const { same, csv } = await scene();
    const bad = csv.split('\r\n')[4].split(',')[0];
    const expected = (reason: string, first: string, second: string) =>
      `\uFEFF${HEADER},${reason}\r\n${bad},坏号码,STAFF,123,,,${first}\r\n${same.userId.toUpperCase()}x,"Comma, name",STAFF,13800000002,,,${second}\r\n`;
    const zh = (await post('users/import/check', { csv }, { 'accept-language': 'zh-CN' })).json().data.refusedCsv;
    expect(zh).toBe(expected('原因', '手机号格式错误，请输入正确的手机号', '该手机号已注册'));
    const en = (await post('users/import/check', { csv }, { 'accept-language': 'en' })).json().data.refusedCsv;
    expect(en).toBe(expected('reason', 'The mobile number is not valid; enter a mainland mobile number', 'This mobile number is already registered'));
    const clean = (await call('users/import/check', { csv: `${HEADER}\r\n${unique('ok')},好,STAFF,,,` })).data;
    expect(clean.refusedCsv).toBeNull();
  });
});
