import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';

const ACCESS = '/personal/v1/access';
const LIST = '/admin/v1/administrators/list';
const ASSIGN = '/admin/v1/administrators/assign';
const REVOKE = '/admin/v1/administrators/revoke';

interface Holder { id: number; account: string; duty: string; deptId: number | null; deptName: string | null }

describe.each(storeCases())('administrators separated by duty ($name)', (store) => {
  let client: Client;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    client = await startClient(store, 'administrators');
    for (const account of ['admin', 'secadmin', 'auditor', 'deptadmin', 'lisi']) tokens[account] = await signIn(client, account);
  });
  afterAll(async () => { await client?.close(); });

  const call = async (path: string, body: unknown, as: string) => (await client.post(path, body, { token: tokens[as] })).json();
  const idOf = async (account: string) =>
    (await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirstOrThrow()).id;
  const holders = async () => (await call(LIST, {}, 'secadmin')).data as Holder[];
  const dutyRows = async (account: string) => client.app.store.db.selectFrom('user_portal_roles')
    .select('role_ref').where('user_ref', '=', await idOf(account)).where('admin_slot', '=', 1).execute();

  it('tells each demo account its duty, and nobody else has one', async () => {
    const duties = await Promise.all(['admin', 'secadmin', 'auditor', 'deptadmin', 'lisi'].map(async (a) => (await call(ACCESS, {}, a)).data));
    expect(duties.map((d) => [d.duty, d.admin])).toEqual([['system', true], ['security', true], ['audit', true], ['department', true], [null, false]]);
    const list = await holders();
    expect(list.find((h) => h.account === 'deptadmin')).toMatchObject({ duty: 'department', deptName: '市场部' });
  });

  it('opens each workbench area only to the duties it names, before reading the input', async () => {
    const expectations: [string, unknown, string, string][] = [
      ['/admin/v1/policies/get', {}, 'admin', 'E00403'],
      ['/admin/v1/policies/get', {}, 'secadmin', 'D00000'],
      ['/admin/v1/policies/get', {}, 'auditor', 'E00403'],
      ['/admin/v1/operation-log/list', { pageNum: 1, pageSize: 5 }, 'auditor', 'D00000'],
      ['/admin/v1/operation-log/list', { pageNum: 1, pageSize: 5 }, 'admin', 'E00403'],
      ['/admin/v1/operation-log/list', { pageNum: 1, pageSize: 5 }, 'secadmin', 'E00403'],
      ['/admin/v1/users/create', { nonsense: true }, 'auditor', 'E00403'],
      ['/admin/v1/users/create', { nonsense: true }, 'admin', 'E00001'],
      ['/admin/v1/sessions/list', { pageNum: 1, pageSize: 5 }, 'admin', 'E00403'],
      ['/admin/v1/notices/list', { pageNum: 1, pageSize: 5 }, 'deptadmin', 'E00403'],
      [ASSIGN, { id: 1, duty: 'audit' }, 'admin', 'E00403'],
      [LIST, {}, 'auditor', 'D00000'],
      [LIST, {}, 'lisi', 'E00403'],
    ];
    const answers = await Promise.all(expectations.map(([path, body, as]) => call(path, body, as)));
    expect(answers.map((a, i) => `${expectations[i][0]} ${expectations[i][2]} ${a.code}`))
      .toEqual(expectations.map(([path, , as, code]) => `${path} ${as} ${code}`));
  });

  it('grants a duty once per person, whatever races to grant a second, and audits it', async () => {
    const id = await idOf('emp0101');
    const duties = ['audit', 'security', 'system', 'audit', 'security', 'system', 'audit', 'security', 'system', 'audit'];
    const answers = await Promise.all(duties.map((duty) => call(ASSIGN, { id, duty }, 'secadmin')));
    expect(answers.filter((a) => a.code === 'D00000')).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'E60201')).toHaveLength(duties.length - 1);
    expect(await dutyRows('emp0101')).toHaveLength(1);
    const granted = duties[answers.findIndex((a) => a.code === 'D00000')];
    expect((await holders()).filter((h) => h.account === 'emp0101').map((h) => h.duty)).toEqual([granted]);

    const log = await call('/admin/v1/operation-log/list', { target: 'user:emp0101', pageNum: 1, pageSize: 10 }, 'auditor');
    expect(log.data.datas.map((r: { sceneCode: string }) => r.sceneCode)).toContain('ADMIN_DUTY_ASSIGN');

    // The new administrator's next call finds the duty; once removed, the very next is refused.
    const emp = await signIn(client, 'emp0101');
    expect((await client.post(LIST, {}, { token: emp })).json().code).toBe(granted === 'system' ? 'E00403' : 'D00000');
    expect((await call(REVOKE, { id }, 'secadmin')).code).toBe('D00000');
    expect((await client.post(LIST, {}, { token: emp })).json().code).toBe('E00403');
    expect((await client.post(ACCESS, {}, { token: emp })).json().data).toMatchObject({ admin: false, duty: null });
  });

  it('needs a department for a department administrator, and refuses unknown people and departments', async () => {
    const id = await idOf('emp0102');
    expect((await call(ASSIGN, { id, duty: 'department' }, 'secadmin'))).toMatchObject({ code: 'E00001', message: expect.stringContaining('deptId') });
    expect((await call(ASSIGN, { id, duty: 'department', deptId: 987654 }, 'secadmin')).code).toBe('E00404');
    expect((await call(ASSIGN, { id: 987654, duty: 'audit' }, 'secadmin')).code).toBe('E00404');
    expect((await call(ASSIGN, { id, duty: 'root' }, 'secadmin')).code).toBe('E00001');
    expect((await call(REVOKE, { id }, 'secadmin')).code).toBe('E00404');
    expect(await dutyRows('emp0102')).toHaveLength(0);
  });

  it('keeps the last holder of a duty: of two removals racing, one is refused', async () => {
    const second = await idOf('emp0103');
    expect((await call(ASSIGN, { id: second, duty: 'audit' }, 'secadmin')).code).toBe('D00000');
    const auditorId = await idOf('auditor');
    const answers = await Promise.all([call(REVOKE, { id: auditorId }, 'secadmin'), call(REVOKE, { id: second }, 'secadmin')]);
    expect(answers.map((a) => a.code).sort()).toEqual(['D00000', 'E60202']);
    const left = (await holders()).filter((h) => h.duty === 'audit');
    expect(left).toHaveLength(1);
    // Put the demo auditor back for the other tests, whichever removal won.
    if (left[0].account !== 'auditor') {
      expect((await call(ASSIGN, { id: auditorId, duty: 'audit' }, 'secadmin')).code).toBe('D00000');
      expect((await call(REVOKE, { id: second }, 'secadmin')).code).toBe('D00000');
    }
    expect((await call(REVOKE, { id: auditorId }, 'secadmin')).code).toBe('E60202');
    expect((await holders()).filter((h) => h.duty === 'audit').map((h) => h.account)).toEqual(['auditor']);
  });

  it("lets no administrator change another administrator's credentials", async () => {
    const [secadmin, auditor, admin, ordinary] = await Promise.all(['secadmin', 'auditor', 'admin', 'emp0104'].map(idOf));
    const refusals = await Promise.all([
      call('/admin/v1/users/reset-password', { id: secadmin, mode: 'GENERATE' }, 'admin'),
      call('/admin/v1/users/update', { id: auditor, mobileNo: '13912345678' }, 'admin'),
      call('/admin/v1/users/activation', { id: auditor, channel: 'LINK' }, 'admin'),
      call('/admin/v1/users/factors/reset', { id: admin }, 'secadmin'),
    ]);
    expect(refusals.map((r) => r.code)).toEqual(['E60203', 'E60203', 'E60203', 'E60203']);
    expect(await signIn(client, 'secadmin')).toBeTruthy();
    // An ordinary person's are still the system administrator's to reset.
    expect((await call('/admin/v1/users/reset-password', { id: ordinary, mode: 'MUST_CHANGE' }, 'admin')).code).toBe('D00000');
  });
});
