import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRequestsEndpoints } from '../../contract/endpoints/admin/requests.js';
import { adminApi, unique } from './adminHarness.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';

const DAY = 86_400_000;

describe.each(storeCases())('workbench: permission requests and overrides ($name)', (store) => {
  let client: Client;
  let system: string;
  let security: string;
  let lisi: string;
  let zhangsan: string;
  beforeAll(async () => {
    client = await startClient(store, 'adminrequests');
    [system, security, lisi, zhangsan] = await Promise.all(['admin', 'secadmin', 'lisi', 'zhangsan'].map((a) => signIn(client, a)));
  });
  afterAll(async () => { await client?.close(); });

  const { post, ok } = adminApi(() => client, () => security);
  /** An application with `roles` roles, approved by zhangsan: made by the system administrator, its roles by the security administrator. */
  const newApp = async (roles: number) => {
    const appId = unique('h3req');
    const { id } = await ok('/apps/create', { appId, appName: appId, idpSsoUrl: `https://${appId}.example.com/`, loginTypes: ['ACCOUNT'] }, system);
    const { id: groupId } = await ok('/apps/role-groups/add', { appRef: id, name: 'roles' });
    const roleIds: number[] = [];
    for (let i = 0; i < roles; i++) roleIds.push((await ok('/apps/roles/add', { groupId, code: `R${i}`, name: `角色${i}` })).id);
    await ok('/apps/approvers/add', { id, userIdSet: ['zhangsan'] });
    return { id: id as number, appId, roleIds };
  };
  const apply = async (token: string, appId: string, roleIds: number[]) => {
    const res = await client.post('/auty/v1/apply/add', { appId, roleIdSet: roleIds, applyReason: 'work' }, { token });
    expect(res.json().code, res.body).toBe('D00000');
    return res.json().data.id as number;
  };
  const statusOf = async (id: number) => (await ok('/requests/get', { id })).status as number;
  const operations = (scene: string) => client.app.store.db.selectFrom('operation_log').selectAll().where('scene_code', '=', scene).orderBy('id').execute();

  it('refuses every endpoint to a non-administrator and to the system administrator with E00403 and changes nothing', async () => {
    const app = await newApp(1);
    const requestId = await apply(await signIn(client, 'emp0080'), app.appId, app.roleIds);
    const bodies: Record<keyof typeof adminRequestsEndpoints, unknown> = {
      list: { pageNum: 1, pageSize: 10 }, get: { id: requestId }, decide: { status: 1, approvalSuggestion: 'sure', applyIdList: [requestId] },
    };
    for (const [name, spec] of Object.entries(adminRequestsEndpoints)) {
      for (const token of [lisi, system]) {
        const res = await client.post(spec.path, bodies[name as keyof typeof adminRequestsEndpoints], { token });
        expect({ name, status: res.statusCode, code: res.json().code }).toEqual({ name, status: 403, code: 'E00403' });
      }
    }
    expect(await statusOf(requestId)).toBe(0);
    expect((await operations('ADMIN_REQUEST_OVERRIDE')).filter((r) => r.target === `request:${requestId}`)).toEqual([]);
  });

  it('lists every request with filters by status, application, applicant and date', async () => {
    const app = await newApp(2);
    const [a, b] = await Promise.all([signIn(client, 'emp0081'), signIn(client, 'emp0082')]);
    const first = await apply(a, app.appId, [app.roleIds[0]]);
    const second = await apply(b, app.appId, [app.roleIds[1]]);
    await ok('/requests/decide', { status: 2, approvalSuggestion: 'no', applyIdList: [second] });
    const ids = async (filters: Record<string, unknown>) =>
      (await ok('/requests/list', { appRef: app.id, pageNum: 1, pageSize: 10, ...filters })).datas.map((r: { id: number }) => r.id);
    expect(await ids({})).toEqual([second, first]);
    expect(await ids({ status: 0 })).toEqual([first]);
    expect(await ids({ status: 2 })).toEqual([second]);
    expect(await ids({ applicant: 'EMP0081' })).toEqual([first]);
    expect(await ids({ applicant: 'emp008' })).toEqual([second, first]);
    expect(await ids({ applicant: 'mp0081' })).toEqual([first]);
    const now = client.clock.now();
    expect(await ids({ from: now - DAY, to: now + DAY })).toEqual([second, first]);
    expect(await ids({ from: now + DAY })).toEqual([]);
    expect(await ids({ to: new Date(now - DAY).toISOString().slice(0, 10) })).toEqual([]);
    expect(await ids({ from: new Date(now).toISOString().slice(0, 10), to: new Date(now).toISOString() })).toEqual([second, first]);
    const row = (await ok('/requests/list', { appRef: app.id, status: 2, pageNum: 1, pageSize: 10 })).datas[0];
    expect(row).toMatchObject({ appId: app.appId, roleName: '角色1', applyUserId: 'emp0082', approvalUserId: 'secadmin', approvalSuggestion: 'no' });
    const all = await ok('/requests/list', { pageNum: 1, pageSize: 100 });
    expect(all.datas.map((r: { applyUserId: string }) => r.applyUserId)).toContain('lisi');
    for (const bad of [{ status: 3 }, { from: 'yesterday' }, { appRef: 0 }, { pageSize: 101 }]) {
      expect((await post('/requests/list', { pageNum: 1, pageSize: 10, ...bad })).json().code).toBe('E00001');
    }
  });

  it('passes as an override, granting the app and roles, logged as ADMIN_REQUEST_OVERRIDE', async () => {
    const app = await newApp(1);
    const token = await signIn(client, 'emp0083');
    const id = await apply(token, app.appId, app.roleIds);
    expect(await ok('/requests/decide', { status: 1, approvalSuggestion: '管理员开通', applyIdList: [id] })).toEqual({ decided: 1 });
    expect(await ok('/requests/get', { id })).toMatchObject({ status: 1, approvalUserId: 'secadmin', approvalSuggestion: '管理员开通' });
    const apps = (await client.post('/personal/v1/user-app/list-by-user', {}, { token })).json().data.map((a: { appId: string }) => a.appId);
    expect(apps).toContain(app.appId);
    expect((await ok('/apps/roles/list', { id: app.id }))[0].roles[0].holders).toBe(1);
    const [override] = (await operations('ADMIN_REQUEST_OVERRIDE')).filter((r) => r.target === `request:${id}`);
    expect(JSON.parse(override.changes!)).toEqual({ before: { status: 0 }, after: { status: 1, approvalSuggestion: '管理员开通' } });
    expect((await operations('APPLY_PASSED')).filter((r) => r.detail === `#${id}`)).toHaveLength(1);
  });

  it('decides a batch all or none: a decided or unknown request refuses it and changes nothing', async () => {
    const app = await newApp(3);
    const token = await signIn(client, 'emp0084');
    const [x, y, z] = [await apply(token, app.appId, [app.roleIds[0]]), await apply(token, app.appId, [app.roleIds[1]]), await apply(token, app.appId, [app.roleIds[2]])];
    await ok('/requests/decide', { status: 2, approvalSuggestion: '', applyIdList: [x] });
    const decided = await post('/requests/decide', { status: 1, approvalSuggestion: '', applyIdList: [y, x] });
    expect([decided.statusCode, decided.json().code]).toEqual([200, 'E20108']);
    expect((await post('/requests/decide', { status: 1, approvalSuggestion: '', applyIdList: [y, 999_999] })).json().code).toBe('E00404');
    expect(await statusOf(y)).toBe(0);
    for (const bad of [{ status: 0 }, { status: 3 }, { applyIdList: [] }, { approvalSuggestion: 'x'.repeat(501) }]) {
      expect((await post('/requests/decide', { status: 1, approvalSuggestion: '', applyIdList: [y], ...bad })).json().code).toBe('E00001');
    }
    expect(await ok('/requests/decide', { status: 2, approvalSuggestion: '批量拒绝', applyIdList: [y, z, y] })).toEqual({ decided: 2 });
    expect([await statusOf(y), await statusOf(z)]).toEqual([2, 2]);
  });

  it('decides a request exactly once when an administrator and an approver race on it', async () => {
    const app = await newApp(6);
    const token = await signIn(client, 'emp0085');
    const ids: number[] = [];
    for (const role of app.roleIds) ids.push(await apply(token, app.appId, [role]));
    for (const id of ids) {
      const [byAdmin, byApprover] = await Promise.all([
        post('/requests/decide', { status: 1, approvalSuggestion: 'admin', applyIdList: [id] }),
        client.post('/auty/v1/apply/approval', { status: 2, approvalSuggestion: 'approver', applyIdList: [id] }, { token: zhangsan }),
      ]);
      const codes = [byAdmin.json().code, byApprover.json().code];
      expect(codes.sort(), `request ${id}`).toEqual(['D00000', 'E20108']);
      const winner = byAdmin.json().code === 'D00000' ? 'admin' : 'approver';
      expect(await ok('/requests/get', { id })).toMatchObject({ status: winner === 'admin' ? 1 : 2, approvalSuggestion: winner });
      const overrides = (await operations('ADMIN_REQUEST_OVERRIDE')).filter((r) => r.target === `request:${id}`);
      const approvals = (await operations('APPROVE_REJECT')).filter((r) => r.detail === `#${id}`);
      expect([overrides.length, approvals.length]).toEqual(winner === 'admin' ? [1, 0] : [0, 1]);
      const outcomes = [...await operations('APPLY_PASSED'), ...await operations('APPLY_REJECTED')].filter((r) => r.detail === `#${id}`);
      expect(outcomes).toHaveLength(1);
    }
  });
});
