import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGroupsEndpoints } from '../../contract/endpoints/admin/groups.js';
import { adminApi, byDuty, signInAdministrators, unique, type AdministratorTokens } from './adminHarness.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';


describe.each(storeCases())('workbench: groups and shared mailboxes ($name)', (store) => {
  let client: Client;
  let admins: AdministratorTokens;
  let lisi: string;
  beforeAll(async () => {
    client = await startClient(store, 'admingroups');
    admins = await signInAdministrators(client);
    lisi = await signIn(client, 'lisi');
  });
  afterAll(async () => { await client?.close(); });

  const { post, ok, audits } = adminApi(() => client, byDuty(() => admins));
  const newGroup = async (extra: Record<string, unknown> = {}) => {
    const groupCode = unique('GS-H3');
    const { id } = await ok('/groups/create', { groupCode, groupName: `安全组 ${groupCode}`, groupType: 1, managerUserId: 'emp0070', ...extra });
    return { id: id as number, groupCode };
  };
  const personal = async (path: string, body: unknown, token: string) => client.post(path, body, { token });
  const mailboxId = async (account: string) => (await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirstOrThrow()).id;

  it('refuses every endpoint to a non-administrator with E00403 and changes nothing', async () => {
    const group = await newGroup();
    await ok('/groups/members/add', { id: group.id, userIdSet: ['emp0071'] });
    const pubHr = await mailboxId('pub.hr');
    const snapshot = async () => ({
      list: await ok('/groups/list', { pageNum: 1, pageSize: 100 }),
      members: await ok('/groups/members/list', { id: group.id, pageNum: 1, pageSize: 100 }),
      log: (await client.app.store.db.selectFrom('operation_log').select('id').where('scene_code', 'like', 'ADMIN_%').execute()).length,
    });
    const before = await snapshot();
    const bodies: Record<keyof typeof adminGroupsEndpoints, unknown> = {
      list: { pageNum: 1, pageSize: 10 }, get: { id: group.id },
      create: { groupCode: unique('EVIL'), groupName: 'x', groupType: 1, managerUserId: 'lisi' },
      update: { id: group.id, groupName: 'hijacked' }, setManager: { id: group.id, managerUserId: 'lisi' }, delete: { id: group.id },
      members: { id: group.id, pageNum: 1, pageSize: 10 }, membersAdd: { id: group.id, userIdSet: ['lisi'] }, membersRemove: { id: group.id, userIdSet: ['emp0071'] },
      mailboxUpdate: { id: pubHr, userName: 'hijacked' }, mailboxSetManager: { id: pubHr, managerUserId: 'lisi' },
    };
    for (const [name, spec] of Object.entries(adminGroupsEndpoints)) {
      const res = await client.post(spec.path, bodies[name as keyof typeof adminGroupsEndpoints], { token: lisi });
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({ name, status: 403, code: 'E00403' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists mail groups, security groups and shared mailboxes, by kind and by name or code', async () => {
    const all = await ok('/groups/list', { pageNum: 1, pageSize: 100 });
    const byCode = Object.fromEntries(all.datas.map((r: { code: string }) => [r.code, r]));
    expect(byCode['ML-RD-ALL']).toMatchObject({ kind: 'MAIL', email: 'rd-all@corp.example.com', managerUserId: 'zhangsan', memberNumber: 13 });
    expect(byCode['GS-FIN-SYS']).toMatchObject({ kind: 'SECURITY', email: null, managerUserId: 'zhangsan' });
    expect(byCode['pub.hr']).toMatchObject({ kind: 'PUBLIC_MAIL', managerUserId: 'zhangsan', memberNumber: null });
    const mailboxes = await ok('/groups/list', { kind: 'PUBLIC_MAIL', pageNum: 1, pageSize: 100 });
    expect(mailboxes.datas.every((r: { kind: string }) => r.kind === 'PUBLIC_MAIL')).toBe(true);
    expect(mailboxes.datas.map((r: { code: string }) => r.code)).toContain('pub.hr');
    const mail = await ok('/groups/list', { kind: 'MAIL', keyword: 'rd-all', pageNum: 1, pageSize: 10 });
    expect(mail.datas.map((r: { code: string }) => r.code)).toEqual(['ML-RD-ALL']);
    const byName = await ok('/groups/list', { keyword: 'VPN', pageNum: 1, pageSize: 10 });
    expect(byName.datas.map((r: { code: string }) => r.code)).toEqual(['GS-VPN']);
    expect((await post('/groups/list', { kind: 'DISTRIBUTION', pageNum: 1, pageSize: 10 })).json().code).toBe('E00001');
  });

  it('creates groups, refusing what a group of that kind cannot be', async () => {
    const mailCode = unique('ML-H3');
    const refusals: [Record<string, unknown>, string][] = [
      [{ groupCode: mailCode, groupName: 'm', groupType: 2, managerUserId: 'emp0070' }, 'E40302'],
      [{ groupCode: mailCode, groupName: 's', groupType: 1, email: 'x@corp.example.com', managerUserId: 'emp0070' }, 'E40303'],
      [{ groupCode: mailCode, groupName: 'm', groupType: 2, email: 'm@corp.example.com', managerUserId: 'pub.hr' }, 'E20301'],
      [{ groupCode: mailCode, groupName: 'm', groupType: 2, email: 'm@corp.example.com', managerUserId: 'nobody' }, 'E20301'],
      [{ groupCode: 'has space', groupName: 'm', groupType: 1, managerUserId: 'emp0070' }, 'E00001'],
      [{ groupCode: mailCode, groupName: 'm', groupType: 3, managerUserId: 'emp0070' }, 'E00001'],
      [{ groupCode: mailCode, groupName: 'm', groupType: 2, email: 'not-an-address', managerUserId: 'emp0070' }, 'E00001'],
      [{ groupCode: mailCode, groupName: '', groupType: 1, managerUserId: 'emp0070' }, 'E00001'],
    ];
    for (const [body, code] of refusals) expect({ body, code: (await post('/groups/create', body)).json().code }).toEqual({ body, code });
    const { id } = await ok('/groups/create', { groupCode: mailCode, groupName: '项目邮件组', groupType: 2, email: 'proj@corp.example.com', managerUserId: 'emp0070' });
    expect(await ok('/groups/get', { id })).toEqual({
      kind: 'MAIL', id, code: mailCode, name: '项目邮件组', email: 'proj@corp.example.com', managerUserId: 'emp0070', managerName: expect.any(String), memberNumber: 0,
    });
    const dup = await post('/groups/create', { groupCode: mailCode, groupName: 'again', groupType: 1, managerUserId: 'emp0070' });
    expect([dup.statusCode, dup.json().code]).toEqual([200, 'E40301']);
    const [created] = await audits('ADMIN_GROUP_CREATE', `group:${mailCode}`);
    expect(JSON.parse(created.changes!)).toEqual({ before: null, after: { groupCode: mailCode, groupName: '项目邮件组', groupType: 2, email: 'proj@corp.example.com', manager: 'emp0070' } });
  });

  it('edits a group with before and after in the log', async () => {
    const group = await newGroup();
    await ok('/groups/update', { id: group.id, groupName: '新名字' });
    expect((await post('/groups/update', { id: group.id, email: 'sec@corp.example.com' })).json().code).toBe('E40303');
    expect((await post('/groups/update', { id: 999_999, groupName: 'x' })).json().code).toBe('E00404');
    expect(await ok('/groups/get', { id: group.id })).toMatchObject({ name: '新名字', email: null });
    const [updated] = await audits('ADMIN_GROUP_UPDATE', `group:${group.groupCode}`);
    expect(JSON.parse(updated.changes!)).toMatchObject({ before: { groupName: `安全组 ${group.groupCode}` }, after: { groupName: '新名字' } });
  });

  it('sets a manager the personal centre then goes by', async () => {
    const group = await newGroup({ managerUserId: 'emp0072' });
    await ok('/groups/members/add', { id: group.id, userIdSet: ['emp0073'] });
    const [oldManager, newManager] = await Promise.all([signIn(client, 'emp0072'), signIn(client, 'emp0074')]);
    const memberList = { groupCode: group.groupCode, pageNum: 1, pageSize: 10 };
    expect((await personal('/personal/v1/group/member/page-list', memberList, oldManager)).json().code).toBe('D00000');
    expect((await post('/groups/set-manager', { id: group.id, managerUserId: 'pub.hr' })).json().code).toBe('E20301');
    await ok('/groups/set-manager', { id: group.id, managerUserId: 'emp0074' });
    const mine = (await personal('/personal/v1/group/page-list', { pageNum: 1, pageSize: 10 }, newManager)).json().data;
    expect(mine.datas.map((g: { groupCode: string }) => g.groupCode)).toEqual([group.groupCode]);
    expect((await personal('/personal/v1/group/member/page-list', memberList, newManager)).json().data.datas.map((m: { userId: string }) => m.userId)).toEqual(['emp0073']);
    expect((await personal('/personal/v1/group/member/page-list', memberList, oldManager)).statusCode).toBe(403);
    const [changed] = await audits('ADMIN_GROUP_MANAGER', `group:${group.groupCode}`);
    expect(JSON.parse(changed.changes!)).toEqual({ before: { manager: 'emp0072' }, after: { manager: 'emp0074' } });
  });

  it("adds and removes members by the personal centre's rules", async () => {
    const group = await newGroup();
    const bad = await post('/groups/members/add', { id: group.id, userIdSet: ['emp0075', 'pub.hr', 'ghost'] });
    expect(bad.json()).toMatchObject({ code: 'E20301', message: '用户不存在：pub.hr, ghost' });
    expect((await post('/groups/members/add', { id: group.id, userIdSet: [] })).json().code).toBe('E00001');
    expect(await ok('/groups/members/add', { id: group.id, userIdSet: ['emp0075', 'emp0076', 'EMP0075'] })).toEqual({ added: 2 });
    expect(await ok('/groups/members/add', { id: group.id, userIdSet: ['emp0075'] })).toEqual({ added: 0 });
    const members = await ok('/groups/members/list', { id: group.id, pageNum: 1, pageSize: 10 });
    expect(members.datas.map((m: { userId: string }) => m.userId).sort()).toEqual(['emp0075', 'emp0076']);
    expect(await ok('/groups/members/remove', { id: group.id, userIdSet: ['emp0075'] })).toEqual({ removed: 1 });
    expect((await ok('/groups/get', { id: group.id })).memberNumber).toBe(1);
    const [added] = await audits('ADMIN_GROUP_MEMBERS_ADD', `group:${group.groupCode}`);
    expect(JSON.parse(added.changes!)).toEqual({ before: { members: [] }, after: { members: ['emp0075', 'emp0076'] } });
    const [removed] = await audits('ADMIN_GROUP_MEMBERS_REMOVE', `group:${group.groupCode}`);
    expect(JSON.parse(removed.changes!)).toEqual({ before: { members: ['emp0075'] }, after: { members: [] } });
  });

  it('deletes a group with its members and the application grants made to it', async () => {
    const group = await newGroup();
    await ok('/groups/members/add', { id: group.id, userIdSet: ['emp0077'] });
    const appId = unique('h3g');
    const app = await ok('/apps/create', { appId, appName: appId, idpSsoUrl: `https://${appId}.example.com/`, loginTypes: ['ACCOUNT'] });
    await ok('/apps/group-grants/add', { id: app.id, groupIdSet: [group.id] });
    const member = await signIn(client, 'emp0077');
    const myApps = async () => ((await personal('/personal/v1/user-app/list-by-user', {}, member)).json().data as { appId: string }[]).map((a) => a.appId);
    expect(await myApps()).toContain(appId);

    await ok('/groups/delete', { id: group.id });
    expect((await post('/groups/get', { id: group.id })).json().code).toBe('E00404');
    expect(await myApps()).not.toContain(appId);
    expect((await ok('/apps/group-grants/list', { id: app.id, pageNum: 1, pageSize: 10 })).total).toBe(0);
    const db = client.app.store.db;
    expect(await db.selectFrom('group_members').select('user_ref').where('group_ref', '=', group.id).execute()).toEqual([]);
    const [deleted] = await audits('ADMIN_GROUP_DELETE', `group:${group.groupCode}`);
    expect(JSON.parse(deleted.changes!)).toMatchObject({ before: { groupCode: group.groupCode, memberNumber: 1, grantedApps: [appId] }, after: null });
    expect((await post('/groups/delete', { id: group.id })).json().code).toBe('E00404');
  });

  it("edits a shared mailbox and hands it to a manager who then sees it in the personal centre", async () => {
    const id = await mailboxId('pub.hr');
    await ok('/mailboxes/update', { id, userName: '人力资源公共邮箱', email: 'hr-box@corp.example.com' });
    const row = (await ok('/groups/list', { kind: 'PUBLIC_MAIL', keyword: 'pub.hr', pageNum: 1, pageSize: 10 })).datas[0];
    expect(row).toMatchObject({ id, name: '人力资源公共邮箱', email: 'hr-box@corp.example.com' });
    expect((await post('/mailboxes/update', { id: await mailboxId('lisi'), userName: 'not a mailbox' })).json().code).toBe('E00404');
    expect((await post('/mailboxes/set-manager', { id, managerUserId: 'pub.hr' })).json().code).toBe('E20301');

    const newManager = await signIn(client, 'emp0078');
    await ok('/mailboxes/set-manager', { id, managerUserId: 'emp0078' });
    const boxes = (await personal('/personal/v1/pub-mail/list', { pageNum: 1, pageSize: 10 }, newManager)).json().data;
    expect(boxes.datas.map((b: { userId: string }) => b.userId)).toEqual(['pub.hr']);
    const zhangsan = await signIn(client, 'zhangsan');
    expect((await personal('/personal/v1/pub-mail/list', { pageNum: 1, pageSize: 10 }, zhangsan)).json().data.total).toBe(0);
    const [updated] = await audits('ADMIN_MAILBOX_UPDATE', 'mailbox:pub.hr');
    expect(JSON.parse(updated.changes!)).toMatchObject({ before: { userName: expect.any(String) }, after: { userName: '人力资源公共邮箱', email: 'hr-box@corp.example.com' } });
    const [manager] = await audits('ADMIN_MAILBOX_MANAGER', 'mailbox:pub.hr');
    expect(JSON.parse(manager.changes!)).toEqual({ before: { manager: 'zhangsan' }, after: { manager: 'emp0078' } });
    // The demo's mailbox as the other tests know it.
    await ok('/mailboxes/set-manager', { id, managerUserId: 'zhangsan' });
  });
});
