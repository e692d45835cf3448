import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeStatus } from '../../contract/codes.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';

interface AppRow { appId: string; rolesRequired: boolean; held: boolean; permSystem: boolean }
interface RoleRow { id: number; name: string; held: boolean }

describe.each(storeCases())('the apply dialog\'s rules, names in logs, and list sorting ($name)', (store) => {
  let client: Client;
  let lisi: string;
  let zhangsan: string;
  let newcomer: string;
  beforeAll(async () => {
    client = await startClient(store, 'applyrules');
    [lisi, zhangsan, newcomer] = await Promise.all(['lisi', 'zhangsan', 'emp0171'].map((a) => signIn(client, a)));
  });
  afterAll(async () => { await client?.close(); });

  const data = async (path: string, body: unknown, token: string) => (await client.post(path, body, { token })).json();
  const apps = async (token: string, appName = '') => (await data('/app/v1/appinfo/query-app-by-name', { appName }, token)).data as AppRow[];
  const roles = async (token: string, appId: string) => (await data('/auty/v1/group/role/list/by-app-id', { appId }, token)).data as RoleRow[];
  const apply = (token: string, appId: string, roleIdSet: number[]) => client.post('/auty/v1/apply/add', { appId, roleIdSet, applyReason: 'work' }, { token });

  it('tells the dialog per application whether roles may stay empty, and refuses by the same rule', async () => {
    const list = await apps(newcomer);
    const git = list.find((a) => a.appId === 'git')!;
    const meeting = list.find((a) => a.appId === 'meeting')!;
    expect(git).toMatchObject({ rolesRequired: true, held: false });
    expect(meeting).toMatchObject({ rolesRequired: false, permSystem: false });
    const refused = await apply(newcomer, 'git', []);
    expect(refused.json().code).toBe('E20104');
    expect(refused.statusCode).toBe(envelopeStatus('E20104'));
    expect((await apply(newcomer, 'meeting', [])).json().code).toBe('D00000');
  });

  it('marks the roles and apps the user holds, refuses asking for a held role by name, and says when nothing is left', async () => {
    const mail = await roles(lisi, 'mail');
    expect(mail.map((r) => [r.name, r.held])).toEqual([['USER', true], ['ARCHIVE', false]]);
    const held = await apply(lisi, 'mail', mail.map((r) => r.id));
    expect(held.json().code).toBe('E20109');
    expect(held.json().message).toContain('USER');
    expect(held.statusCode).toBe(envelopeStatus('E20109'));
    // wiki: the app and both roles are lisi's — every role held, the app held.
    const wiki = (await apps(lisi)).find((a) => a.appId === 'wiki')!;
    expect(wiki.held).toBe(true);
    expect((await roles(lisi, 'wiki')).every((r) => r.held)).toBe(true);
    expect((await apply(lisi, 'wiki', [])).json().code).toBe('E20104');
    expect((await apply(lisi, 'mail', [mail[1].id])).json().code).toBe('D00000');
  });

  it('shows people already in a managed group as members, and only to its manager', async () => {
    const found = await data('/personal/v1/page/normal/by-userid-or-name', { keyWord: 'lisi', groupCode: 'ML-RD-ALL', pageNum: 1, pageSize: 10 }, zhangsan);
    expect(found.data.datas.find((p: { userId: string }) => p.userId === 'lisi')).toMatchObject({ member: true });
    const plain = await data('/personal/v1/page/normal/by-userid-or-name', { keyWord: 'lisi', pageNum: 1, pageSize: 10 }, zhangsan);
    expect(plain.data.datas[0].member).toBeUndefined();
    const notManager = await client.post('/personal/v1/page/normal/by-userid-or-name', { keyWord: 'lisi', groupCode: 'ML-RD-ALL', pageNum: 1, pageSize: 10 }, { token: lisi });
    expect(notManager.json().code).toBe('E00403');
  });

  it('names applications, roles, groups and people in operation-log details instead of their ids', async () => {
    // A request of its own, from someone no other test here files for.
    const applicant = await signIn(client, 'emp0172');
    const archive = (await roles(applicant, 'mail')).find((r) => r.name === 'ARCHIVE')!;
    expect((await apply(applicant, 'mail', [archive.id])).json().code).toBe('D00000');
    const log = await data('/personal/v1/operate/page-list', { sceneCode: 'APPLY_PERMISSION', pageNum: 1, pageSize: 10 }, applicant);
    const details = log.data.datas.map((r: { detail: string }) => r.detail);
    expect(details).toContain('企业邮箱: ARCHIVE');
    expect(details.join(' ')).not.toMatch(/mail#\d/);
  });

  it('tells registration only the password rules a new account can break', async () => {
    const everyone = (await client.post('/personal/v1/pwd/strategy/detail', {}, { headers: { 'Accept-Language': 'en' } })).json().data as string;
    const newcomer = (await client.post('/personal/v1/pwd/strategy/detail', { forNewAccount: true }, { headers: { 'Accept-Language': 'en' } })).json().data as string;
    expect(everyone).toContain('Must differ from the current password');
    expect(newcomer).not.toContain('current password');
    expect(newcomer).toContain('characters long');
  });

  it('sorts the paged lists by the allowed columns, either way, and refuses any other column', async () => {
    const mine = async (sortField: string, sortOrder: string) =>
      (await data('/auty/v1/apply/page-list/by-apply-user-id', { pageNum: 1, pageSize: 10, sortField, sortOrder }, lisi)).data.datas as { applyDate: string; status: number }[];
    const asc = (await mine('applyDate', 'asc')).map((r) => r.applyDate);
    expect(asc).toEqual([...asc].sort());
    expect((await mine('applyDate', 'desc')).map((r) => r.applyDate)).toEqual([...asc].reverse());
    const byStatus = (await mine('status', 'desc')).map((r) => r.status);
    expect(byStatus).toEqual([...byStatus].sort((a, b) => b - a));

    // Two requests zhangsan decides, whatever other tests have decided already.
    for (const account of ['emp0172', 'emp0173']) {
      const token = await signIn(client, account);
      const wiki = (await roles(token, 'wiki'))[0];
      expect((await apply(token, 'wiki', [wiki.id])).json().code).toBe('D00000');
    }
    const queue = async (sortOrder: string) =>
      (await data('/auty/v1/apply/page-list/by-approval-user-id', { pageNum: 1, pageSize: 20, sortField: 'applyDate', sortOrder }, zhangsan)).data.datas.map((r: { id: number }) => r.id);
    const oldest = await queue('asc');
    expect(oldest.length).toBeGreaterThan(1);
    expect(await queue('desc')).toEqual([...oldest].reverse());

    const logs = async (sortOrder: string) =>
      (await data('/personal/v1/operate/page-list', { pageNum: 1, pageSize: 5, sortField: 'createdDate', sortOrder }, lisi)).data.datas.map((r: { createdDate: string }) => r.createdDate);
    const first = await logs('asc');
    expect(first).toEqual([...first].sort());
    const latest = await logs('desc');
    expect(latest).toEqual([...latest].sort().reverse());
    const history = await data('/personal/v1/login-history/page-list', { pageNum: 1, pageSize: 5, sortField: 'createdDate', sortOrder: 'asc' }, lisi);
    const times = history.data.datas.map((r: { createdDate: string }) => r.createdDate);
    expect(times).toEqual([...times].sort());

    for (const [path, body] of [
      ['/auty/v1/apply/page-list/by-apply-user-id', { sortField: 'apply_reason', sortOrder: 'asc' }],
      ['/auty/v1/apply/page-list/by-apply-user-id', { sortField: 'applyDate', sortOrder: 'sideways' }],
      ['/auty/v1/apply/page-list/by-approval-user-id', { sortField: 'status' }],
      ['/personal/v1/operate/page-list', { sortField: 'detail; drop table users' }],
      ['/personal/v1/login-history/page-list', { sortField: 'ip' }],
    ] as const) {
      const res = await client.post(path, { pageNum: 1, pageSize: 10, ...body }, { token: lisi });
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().code).toBe('E00001');
    }
  });
});
