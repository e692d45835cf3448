import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';

describe.each(storeCases())('permission requests and approvals ($name)', (store) => {
  let client: Client;
  let lisi: string;
  let zhangsan: string;
  let zhaoliu: string;
  let sunqi: string;
  // Each test that files requests does so as an employee of its own, so lisi's seeded requests
  // stay as the demo has them and no test reads what another one left behind.
  const applicant: Record<string, string> = {};
  beforeAll(async () => {
    client = await startClient(store, 'requests');
    [lisi, zhangsan, zhaoliu, sunqi] = await Promise.all(['lisi', 'zhangsan', 'zhaoliu', 'sunqi'].map((a) => signIn(client, a)));
    for (const [name, account] of Object.entries({ dup: 'emp0161', batch: 'emp0162', mixed: 'emp0163', race: 'emp0164', stranger: 'emp0165', holder: 'emp0166', twins: 'emp0167' })) {
      applicant[name] = await signIn(client, account);
    }
  });
  afterAll(async () => { await client?.close(); });

  const data = async (path: string, body: unknown, token: string) => (await client.post(path, body, { token })).json();
  const rolesOf = async (appId: string) => (await data('/auty/v1/group/role/list/by-app-id', { appId }, lisi)).data as { id: number; name: string }[];
  const apply = async (token: string, appId: string, roleIdSet: number[], applyReason = 'need it for work') =>
    client.post('/auty/v1/apply/add', { appId, roleIdSet, applyReason }, { token });

  it('lists lisi\'s own requests with a status filter and paging', async () => {
    const all = await data('/auty/v1/apply/page-list/by-apply-user-id', { pageNum: 1, pageSize: 10 }, lisi);
    expect(all.data.total).toBe(3);
    expect(all.data.datas.map((r: { status: number }) => r.status).sort()).toEqual([0, 1, 2]);
    const pending = await data('/auty/v1/apply/page-list/by-apply-user-id', { status: 0, pageNum: 1, pageSize: 10 }, lisi);
    expect(pending.data.datas).toHaveLength(1);
    expect(pending.data.datas[0]).toMatchObject({ appName: '客户关系', status: 0, applyUserId: 'lisi' });
  });

  it('finds apps by name and their roles; roles are optional for apps without a permission system', async () => {
    const apps = await data('/app/v1/appinfo/query-app-by-name', { appName: '会议' }, lisi);
    expect(apps.data).toEqual([expect.objectContaining({ appId: 'meeting', permSystem: false })]);
    expect(await rolesOf('meeting')).toEqual([]);
    expect((await rolesOf('git')).map((r) => r.name)).toEqual(['DEVELOPER', 'MAINTAINER']);
  });

  it('files one request when the same one is sent many times at once', async () => {
    const [, maintainer] = await rolesOf('git');
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(applicant.twins, 'git', [maintainer.id])));
    const codes = answers.map((r) => r.json().code).sort();
    expect(codes.filter((c) => c === 'D00000')).toHaveLength(1);
    expect(codes.filter((c) => c === 'E20101')).toHaveLength(19);
    const pending = await data('/auty/v1/apply/page-list/by-apply-user-id', { status: 0, pageNum: 1, pageSize: 50 }, applicant.twins);
    expect(pending.data.total).toBe(1);
  });

  it('refuses a duplicate pending request and a role from another app', async () => {
    const [dev] = await rolesOf('git');
    expect((await apply(applicant.dup, 'git', [dev.id])).json().code).toBe('D00000');
    const dup = await apply(applicant.dup, 'git', [dev.id]);
    expect(dup.statusCode).toBe(200);
    expect(dup.json().code).toBe('E20101');
    const [crmRole] = await rolesOf('crm');
    expect((await apply(applicant.dup, 'git', [crmRole.id])).json().code).toBe('E20103');
  });

  it('lets zhangsan batch-pass, which grants the app and the roles in the same step', async () => {
    const [developer, maintainer] = await rolesOf('git');
    await apply(applicant.batch, 'git', [developer.id], 'feature work');
    await apply(applicant.batch, 'git', [maintainer.id], 'release duty');
    const awaiting = await data('/auty/v1/apply/page-list/by-approval-user-id', { applyUserId: 'emp0162', appName: '代码', pageNum: 1, pageSize: 10 }, zhangsan);
    const ids = awaiting.data.datas.map((r: { id: number }) => r.id);
    expect(ids).toHaveLength(2);
    const res = await client.post('/auty/v1/apply/approval', { status: 1, approvalSuggestion: '同意', applyIdList: ids }, { token: zhangsan });
    expect(res.json()).toMatchObject({ code: 'D00000', data: { decided: 2 } });
    const apps = (await data('/personal/v1/user-app/list-by-user', {}, applicant.batch)).data.map((a: { appId: string }) => a.appId);
    expect(apps).toContain('git');
    const perms = (await data('/auty/v1/user-app/list-with-role-by-user', { pageNum: 1, pageSize: 20 }, applicant.batch)).data.datas;
    expect(perms.find((p: { appId: string }) => p.appId === 'git').roleNameList.sort()).toEqual(['DEVELOPER', 'MAINTAINER']);
    const detail = await data('/auty/v1/apply/detail', { applyId: ids[0] }, applicant.batch);
    expect(detail.data).toMatchObject({ status: 1, approvalUserId: 'zhangsan', approvalSuggestion: '同意' });
  });

  it('refuses a decision on a request that is no longer pending, and leaves it as it was', async () => {
    const mine = await data('/auty/v1/apply/page-list/by-apply-user-id', { status: 2, pageNum: 1, pageSize: 10 }, lisi);
    const rejected = mine.data.datas[0].id;
    const res = await client.post('/auty/v1/apply/approval', { status: 1, applyIdList: [rejected] }, { token: zhangsan });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('E20108');
    expect((await data('/auty/v1/apply/detail', { applyId: rejected }, lisi)).data.status).toBe(2);
  });

  it('refuses a whole batch that holds one request the caller may not decide', async () => {
    const [emp] = await rolesOf('hr');
    const hrReq = (await apply(applicant.mixed, 'hr', [emp.id])).json().data.id; // approver: sunqi
    const [, gitMaintainer] = await rolesOf('git');
    const gitReq = (await apply(applicant.mixed, 'git', [gitMaintainer.id])).json().data.id; // approver: zhangsan
    const res = await client.post('/auty/v1/apply/approval', { status: 1, applyIdList: [gitReq, hrReq] }, { token: zhangsan });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E20107');
    for (const id of [gitReq, hrReq]) expect((await data('/auty/v1/apply/detail', { applyId: id }, applicant.mixed)).data.status).toBe(0);
    // The right approver can still decide it.
    expect((await client.post('/auty/v1/apply/approval', { status: 2, approvalSuggestion: 'no', applyIdList: [hrReq] }, { token: sunqi })).json().code).toBe('D00000');
  });

  it('lets exactly one of two racing approvers decide a request', async () => {
    const [viewer] = (await rolesOf('erp')).slice(2);
    const id = (await apply(applicant.race, 'erp', [viewer.id], 'race')).json().data.id;
    const [a, b] = await Promise.all([
      client.post('/auty/v1/apply/approval', { status: 1, approvalSuggestion: 'yes', applyIdList: [id] }, { token: zhangsan }),
      client.post('/auty/v1/apply/approval', { status: 2, approvalSuggestion: 'no', applyIdList: [id] }, { token: zhaoliu }),
    ]);
    const codes = [a.json().code, b.json().code].sort();
    expect(codes[0]).toBe('D00000');
    expect(codes[1]).toBe('E20108');
    const final = (await data('/auty/v1/apply/detail', { applyId: id }, applicant.race)).data;
    const winner = a.json().code === 'D00000' ? { status: 1, by: 'zhangsan' } : { status: 2, by: 'zhaoliu' };
    expect(final).toMatchObject({ status: winner.status, approvalUserId: winner.by });
    const hasErp = (await data('/personal/v1/user-app/list-by-user', {}, applicant.race)).data.some((x: { appId: string }) => x.appId === 'erp');
    expect(hasErp).toBe(winner.status === 1);
  });

  it('lets only the applicant cancel, and only while pending', async () => {
    const [dev] = await rolesOf('pm');
    const id = (await apply(lisi, 'pm', [dev.id])).json().data.id;
    const foreign = await client.post('/auty/v1/apply/terminated', { applyId: id }, { token: zhangsan });
    expect(foreign.statusCode).toBe(403);
    expect((await data('/auty/v1/apply/detail', { applyId: id }, lisi)).data.status).toBe(0);
    expect((await client.post('/auty/v1/apply/terminated', { applyId: id }, { token: lisi })).json().code).toBe('D00000');
    expect((await client.post('/auty/v1/apply/detail', { applyId: id }, { token: lisi })).statusCode).toBe(404);
    const passed = (await data('/auty/v1/apply/page-list/by-apply-user-id', { status: 1, pageNum: 1, pageSize: 10 }, lisi)).data.datas[0].id;
    const late = await client.post('/auty/v1/apply/terminated', { applyId: passed }, { token: lisi });
    expect(late.statusCode).toBe(200);
    expect(late.json().code).toBe('E20106');
  });

  it('never shows a request to someone who is neither applicant nor approver', async () => {
    const id = (await data('/auty/v1/apply/page-list/by-apply-user-id', { pageNum: 1, pageSize: 1 }, lisi)).data.datas[0].id;
    const res = await client.post('/auty/v1/apply/detail', { applyId: id }, { token: applicant.stranger });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E00403');
    const awaiting = await data('/auty/v1/apply/page-list/by-approval-user-id', { pageNum: 1, pageSize: 10 }, lisi);
    expect(awaiting.data.total).toBe(0);
  });

  it('lets a holder give up single roles, then the app permission with the rest of its roles', async () => {
    const holder = applicant.holder;
    const gitRoles = await rolesOf('git');
    const granted = (await apply(holder, 'git', gitRoles.map((r) => r.id), 'both roles')).json().data.id;
    expect((await client.post('/auty/v1/apply/approval', { status: 1, applyIdList: [granted] }, { token: zhangsan })).json().code).toBe('D00000');
    const perms = (await data('/auty/v1/user-app/list-with-role-by-user', { pageNum: 1, pageSize: 20 }, holder)).data.datas;
    const git = perms.find((p: { appId: string }) => p.appId === 'git');
    const roles = (await data('/auty/v1/group/authority/user-direct-roles', { groupId: git.groupId }, holder)).data;
    expect(roles.length).toBe(2);
    const cut = await client.post('/auty/v1/group/authority/user-roles-terminated', { groupId: git.groupId, roleIdSet: [roles[0].id] }, { token: holder });
    expect(cut.json().data.removed).toBe(1);
    expect((await data('/auty/v1/group/authority/user-direct-roles', { groupId: git.groupId }, holder)).data).toHaveLength(1);
    expect((await client.post('/auty/v1/user-app/terminated', { appId: 'git' }, { token: holder })).json().code).toBe('D00000');
    expect((await data('/auty/v1/group/authority/user-direct-roles', { groupId: git.groupId }, holder)).data).toHaveLength(0);
    expect((await client.get('/auth/v1/sso/go/git-client', { token: holder })).headers.location).toBe('/permissionsNone?appId=git');
  });
});
