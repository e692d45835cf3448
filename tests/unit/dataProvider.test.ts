import { describe, expect, it } from 'vitest';
import { createDataProvider, filtersToBody, pagingBody } from '../../src/shared/providers/dataProvider';
import { createHttp } from '../../src/shared/providers/http';
import { ApiError } from '../../src/shared/providers/apiError';
import { endpointTable, resources } from '../../src/resources';
import { rememberDeclared } from '../../src/shared/providers/declarations';
import { holdReads } from '../../src/shared/providers/querySignal';
import { accountEndpoints } from '../../contract/endpoints/account';
import { ENDPOINTS } from '../../src/systemhub/providers/endpoints';
import { fakeTransport, ok, refused, type SentRequest } from './fakeTransport';

function setup(respond: (req: SentRequest) => ReturnType<typeof ok> | ReturnType<typeof refused>, table = endpointTable) {
  const fake = fakeTransport(respond);
  const http = createHttp({ transport: fake.transport, instanceId: () => 'inst-1', language: () => 'zh-CN' });
  return { provider: createDataProvider(table, http), sent: fake.sent };
}

describe('dataProvider.getList', () => {
  it('POSTs the paged endpoint with pageNum/pageSize and filters as body fields, and maps datas/total', async () => {
    const { provider, sent } = setup(() => ok({ datas: [{ id: 1, appName: 'OA' }], total: 31 }));
    const result = await provider.getList({
      resource: 'requests',
      pagination: { currentPage: 3, pageSize: 15 },
      filters: [
        { field: 'status', operator: 'eq', value: 0 },
        { field: 'appName', operator: 'contains', value: '' },
        { field: 'ignored', operator: 'eq', value: undefined },
      ],
    });
    expect(result).toEqual({ data: [{ id: 1, appName: 'OA' }], total: 31, totalCapped: false });
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].url).toBe('/idaas/auty/v1/apply/page-list/by-apply-user-id');
    expect(sent[0].body).toEqual({ status: 0, pageNum: 3, pageSize: 15 });
  });

  it('defaults to page 1 of 10 and caps the page size at 100', async () => {
    const { provider, sent } = setup(() => ok({ datas: [], total: 0 }));
    await provider.getList({ resource: 'approvals' });
    await provider.getList({ resource: 'approvals', pagination: { currentPage: 0, pageSize: 5000 } });
    expect(sent[0].body).toEqual({ pageNum: 1, pageSize: 10 });
    expect(sent[1].body).toEqual({ pageNum: 1, pageSize: 100 });
  });

  it('reads a plain array from an unpaged endpoint (my apps) and sends no paging', async () => {
    const apps = [{ id: 1 }, { id: 2 }];
    const { provider, sent } = setup(() => ok(apps));
    const result = await provider.getList({ resource: 'applications', pagination: { currentPage: 2, pageSize: 10 } });
    expect(result).toEqual({ data: apps, total: 2 });
    expect(sent[0].url).toBe('/idaas/personal/v1/user-app/list-by-user');
    expect(sent[0].body).toEqual({});
  });

  it('treats a null page as empty', async () => {
    const { provider } = setup(() => ok(null));
    expect(await provider.getList({ resource: 'logs' })).toEqual({ data: [], total: 0, totalCapped: false });
  });

  it('passes on that the server stopped counting', async () => {
    const { provider } = setup(() => ok({ datas: [], total: 10000, totalCapped: true }));
    expect(await provider.getList({ resource: 'logs' })).toMatchObject({ total: 10000, totalCapped: true });
  });

  it('picks a declared list variant, but never an endpoint named in meta (URL query parameters end up in meta)', async () => {
    const { provider, sent } = setup(() => ok({ datas: [], total: 0 }));
    await provider.getList({ resource: 'logs', meta: { variant: 'operation' } });
    await provider.getList({ resource: 'logs', meta: { variant: 'nope', listPath: '/auth/v1/logout' } });
    expect(sent.map((r) => r.url)).toEqual(['/idaas/personal/v1/operate/page-list', '/idaas/personal/v1/login-history/page-list']);
  });

  it('rejects with the envelope as ApiError when the server refuses (the hook\'s errorNotification shows it)', async () => {
    const { provider } = setup(() => refused('E00403', '无权操作', 403));
    const error = await provider.getList({ resource: 'members' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'E00403', message: '无权操作', status: 403, statusCode: 403 });
  });

  it('refuses an undeclared resource without calling the server', async () => {
    const { provider, sent } = setup(() => ok(null));
    await expect(provider.getList({ resource: 'secrets' })).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(0);
  });
});

describe('dataProvider mutations and custom', () => {
  it('create POSTs the variables to the create path', async () => {
    const { provider, sent } = setup(() => ok({ id: 9 }));
    const result = await provider.create({ resource: 'requests', variables: { appId: 'oa', roleIdSet: [1, 2], applyReason: 'work' } });
    expect(result).toEqual({ data: { id: 9 } });
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/idaas/auty/v1/apply/add', body: { appId: 'oa', roleIdSet: [1, 2], applyReason: 'work' } });
  });

  it('deleteMany sends the ids in the field the endpoint expects, with extra variables', async () => {
    const { provider, sent } = setup(() => ok(null));
    await provider.deleteMany!({ resource: 'members', ids: ['u1', 'u2'], variables: { groupCode: 'G1' } });
    expect(sent[0]).toMatchObject({ url: '/idaas/personal/v1/group/member/remove-batch', body: { groupCode: 'G1', userIdSet: ['u1', 'u2'] } });
  });

  it('getOne and deleteOne send the id under the declared field', async () => {
    const { provider, sent } = setup(() => ok({ id: 5 }));
    await provider.getOne({ resource: 'requests', id: 5 });
    await provider.deleteOne({ resource: 'requests', id: 5 });
    expect(sent.map((r) => [r.url, r.body])).toEqual([
      ['/idaas/auty/v1/apply/detail', { applyId: 5 }],
      ['/idaas/auty/v1/apply/terminated', { applyId: 5 }],
    ]);
  });

  it('update is not offered by any endpoint', async () => {
    const { provider, sent } = setup(() => ok(null));
    await expect(provider.update({ resource: 'requests', id: 1, variables: {} })).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(0);
  });

  it('custom posts a resource\'s named action (a row action, not its create)', async () => {
    const { provider, sent } = setup(() => ok(null));
    await provider.custom!({ url: 'approvals/decide', method: 'post', payload: { status: 1, applyIdList: [1] } });
    await provider.custom!({ url: 'groups/handOver', method: 'post', payload: { groupCode: 'G1', managerUserId: 'lisi' } });
    expect(sent.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/idaas/auty/v1/apply/approval', { status: 1, applyIdList: [1] }],
      ['POST', '/idaas/personal/v1/group/manager-update', { groupCode: 'G1', managerUserId: 'lisi' }],
    ]);
    await expect(provider.create({ resource: 'approvals', variables: {} })).rejects.toBeInstanceOf(ApiError);
    await expect(provider.custom!({ url: 'approvals/nope', method: 'post' })).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(2);
  });

  it('custom calls a declaration the code named by its path (GET with the query as parameters), and nothing else', async () => {
    const { provider, sent } = setup(() => ok({ admin: true }));
    rememberDeclared(accountEndpoints.accessDetail);
    const answer = await provider.custom!({ url: accountEndpoints.accessDetail.path, method: 'post', payload: {}, query: {} });
    expect(answer).toEqual({ data: { admin: true } });
    expect(sent[0].url).toBe(`/idaas${accountEndpoints.accessDetail.path}`);
    await expect(provider.custom!({ url: '/personal/v1/today/num', method: 'get', query: { x: 1 } })).rejects.toBeInstanceOf(ApiError);
    await expect(provider.custom!({ url: '/auth/v1/logout', method: 'post', payload: {} })).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(1);
  });

  it('serves the workbench\'s table too: ids from the route as numbers, update with the id, actions by name', async () => {
    const { provider, sent } = setup(() => ok({ id: 3 }), ENDPOINTS);
    await provider.getOne({ resource: 'users', id: '3' });
    await provider.update({ resource: 'users', id: '3', variables: { userName: 'x' } });
    await provider.custom!({ url: 'users/unlock', method: 'post', payload: { id: 3 } });
    expect(sent.map((r) => [r.url, r.body])).toEqual([
      [`/idaas${ENDPOINTS.users.get.path}`, { id: 3 }],
      [`/idaas${ENDPOINTS.users.update.path}`, { userName: 'x', id: 3 }],
      [`/idaas${ENDPOINTS.users.actions.unlock.path}`, { id: 3 }],
    ]);
  });

  it('every call carries the client id, instance id and language headers', async () => {
    const { provider, sent } = setup(() => ok({ datas: [], total: 0 }));
    await provider.getList({ resource: 'mailboxes' });
    expect(sent[0].headers).toMatchObject({ 'X-Client-Id': 'idaas-portal-web', 'X-Instance-Id': 'inst-1', 'Accept-Language': 'zh-CN' });
  });
});

describe('dataProvider while signing out', () => {
  it('sends no query read until the sign-out is over, and ends the held one when its query is cancelled; mutations go out', async () => {
    const { provider, sent } = setup(() => ok({ datas: [], total: 0 }));
    holdReads(true);
    try {
      const cancelled = new AbortController();
      const held = provider.getList({ resource: 'approvals', meta: { signal: cancelled.signal } });
      await provider.create({ resource: 'requests', variables: { appId: 'git' } });
      expect(sent.map((r) => r.url)).toEqual(['/idaas/auty/v1/apply/add']);
      cancelled.abort();
      await expect(held).rejects.toBeDefined();
    } finally {
      holdReads(false);
    }
    await provider.getList({ resource: 'approvals', meta: { signal: new AbortController().signal } });
    expect(sent).toHaveLength(2);
  });
});

describe('helpers', () => {
  it('filtersToBody keeps meaningful values only, trims text and skips conditional filters', () => {
    expect(filtersToBody([{ field: 'name', operator: 'eq', value: '  zhang ' }, { field: 'blank', operator: 'eq', value: '   ' }])).toEqual({ name: 'zhang' });
    expect(
      filtersToBody([
        { field: 'a', operator: 'eq', value: 0 },
        { field: 'b', operator: 'eq', value: false },
        { field: 'c', operator: 'in', value: [] },
        { field: 'd', operator: 'eq', value: null },
        { operator: 'or', value: [{ field: 'e', operator: 'eq', value: 1 }] },
      ]),
    ).toEqual({ a: 0, b: false });
  });

  it('pagingBody turns paging off for client/off modes', () => {
    expect(pagingBody({ mode: 'off' })).toBeNull();
    expect(pagingBody({ mode: 'client' })).toBeNull();
    expect(pagingBody({ currentPage: 2.7, pageSize: 20 })).toEqual({ pageNum: 2, pageSize: 20 });
  });

  it('row actions are named actions of their resource, never its create', () => {
    const actions = (name: string) => Object.keys(endpointTable[name].actions ?? {});
    expect([actions('approvals'), actions('groups'), actions('mailboxes'), actions('permissions')]).toEqual([['decide'], ['handOver'], ['resetPassword'], ['cancelRoles']]);
    for (const name of ['approvals', 'groups', 'mailboxes', 'permissions']) expect(endpointTable[name].create, name).toBeUndefined();
  });

  it('every resource with a list route declares a list endpoint', () => {
    for (const r of resources) expect(r.meta.endpoints.list?.path, r.name).toMatch(/^\/[a-z]/);
  });
});
