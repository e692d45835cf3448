import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';
import { adminApi, unique } from './adminHarness.js';

describe.each(storeCases())('application owners and scoped SCIM tokens ($name)', (store) => {
  let client: Client;
  let admin: string;
  let secadmin: string;
  let marketing: number;
  let finance: number;
  const api = adminApi(() => client, () => admin);

  beforeAll(async () => {
    client = await startClient(store, 'delegatedapps');
    [admin, secadmin] = await Promise.all([signIn(client, 'admin'), signIn(client, 'secadmin')]);
    const dept = async (name: string) => (await client.app.store.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    [marketing, finance] = await Promise.all([dept('市场部'), dept('财务部')]);
  });
  afterAll(async () => { await client?.close(); });

  const newApp = async () => {
    const appId = unique('own');
    const { id } = await api.ok('/apps/create', { appId, appName: appId, idpSsoUrl: 'https://app.example.com/sso', loginTypes: ['ACCOUNT'], legacy: true, redirectUris: [] });
    return { id: id as number, appId };
  };

  it('confines an owner to the applications they own', async () => {
    const [mine, other] = [await newApp(), await newApp()];
    expect(await api.ok('/apps/owners/add', { id: mine.id, userIds: ['zhangsan'] }, secadmin)).toEqual({ added: 1 });
    expect(await api.ok('/apps/owners/list', { id: mine.id }, secadmin)).toEqual([expect.objectContaining({ userId: 'zhangsan' })]);
    expect((await api.audits('ADMIN_APP_OWNERS_ADD', `app:${mine.appId}`)).length).toBe(1);
    // Owners are the security administrator's to name.
    expect((await api.post('/apps/owners/add', { id: mine.id, userIds: ['lisi'] }, admin)).json().code).toBe('E00403');
    const owner = await signIn(client, 'zhangsan');
    const listed = await api.ok('/apps/list', { pageNum: 1, pageSize: 100 }, owner);
    expect(listed.datas.map((a: { id: number }) => a.id)).toEqual([mine.id]);
    const { id: groupId } = await api.ok('/apps/role-groups/add', { appRef: mine.id, name: 'G' }, owner);
    expect(groupId).toBeGreaterThan(0);
    const { id: theirGroup } = await api.ok('/apps/role-groups/add', { appRef: other.id, name: 'G' }, secadmin);
    const { id: theirRole } = await api.ok('/apps/roles/add', { groupId: theirGroup, code: 'R', name: 'R' }, secadmin);
    for (const [path, body] of [
      ['/apps/get', { id: other.id }], ['/apps/roles/list', { id: other.id }], ['/apps/roles/rename', { id: theirRole, name: 'x' }],
      ['/apps/role-groups/remove', { id: theirGroup }], ['/apps/approvers/add', { id: other.id, userIdSet: ['lisi'] }],
      ['/apps/user-grants/list', { id: other.id, pageNum: 1, pageSize: 10 }], ['/apps/secret/rotate', { id: other.id }],
      ['/apps/saml/get', { id: other.id }], ['/apps/cas/get', { id: other.id }], ['/apps/roles/rename', { id: 1_999_999_999, name: 'x' }],
    ] as const) {
      const res = await api.post(path, body, owner);
      expect({ path, status: res.statusCode, code: res.json().code }).toEqual({ path, status: 404, code: 'E60205' });
    }
    expect(await api.ok('/apps/owners/remove', { id: mine.id, userIds: ['zhangsan'] }, secadmin)).toEqual({ removed: 1 });
    expect((await api.post('/apps/get', { id: mine.id }, owner)).json().code).toBe('E00403');
  });

  it('confines a SCIM token made for a department to its subtree', async () => {
    const made = await api.ok('/scim-tokens/create', { name: unique('hr'), deptId: marketing }, secadmin);
    const listed = await api.ok('/scim-tokens/list', { pageNum: 1, pageSize: 100 }, secadmin);
    expect(listed.datas.find((t: { id: number }) => t.id === made.id)).toEqual(expect.objectContaining({ deptId: marketing, deptName: '市场部' }));
    const scim = (method: 'GET' | 'POST', url: string, payload?: unknown) => client.app.inject({
      method, url: `/scim/v2${url}`, headers: { authorization: `Bearer ${made.token}`, ...(payload ? { 'content-type': 'application/scim+json' } : {}) }, payload: payload as object,
    });
    const users = (await scim('GET', '/Users?count=500')).json();
    const db = client.app.store.db;
    const insideIds = new Set((await db.selectFrom('users').select('id').where('dept_ref', '=', marketing).execute()).map((r) => String(r.id)));
    expect(users.totalResults).toBe(insideIds.size);
    for (const u of users.Resources) expect(insideIds.has(u.id)).toBe(true);
    const outsider = await db.selectFrom('users').select('id').where('dept_ref', '=', finance).executeTakeFirstOrThrow();
    expect((await scim('GET', `/Users/${outsider.id}`)).statusCode).toBe(404);
    const enterprise = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
    const refused = await scim('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', enterprise], userName: unique('s'), [enterprise]: { department: '财务部' } });
    expect(refused.statusCode).toBe(400);
    const unplaced = await scim('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: unique('s') });
    expect(unplaced.statusCode).toBe(400);
    const created = await scim('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', enterprise], userName: unique('s'), [enterprise]: { department: '市场部' } });
    expect(created.statusCode).toBe(201);
  });
});
