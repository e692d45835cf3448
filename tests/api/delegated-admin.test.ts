import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';
import { adminApi, finishedImport, unique } from './adminHarness.js';

const HEADER = 'account,name,type,phone,email,department';

describe.each(storeCases())('delegated administration ($name)', (store) => {
  let client: Client;
  let admin: string;
  let secadmin: string;
  let deptadmin: string;
  let marketing: number;
  let finance: number;
  let inside: number[];
  let outside: number[];
  const api = adminApi(() => client, () => admin);
  const as = (token: string) => ({
    post: (path: string, body: unknown) => api.post(path, body, token),
    call: async (path: string, body: unknown) => (await api.post(path, body, token)).json(),
  });
  const phone = () => `17${String(100_000_000 + Math.floor(Math.random() * 899_999_999))}`;

  beforeAll(async () => {
    client = await startClient(store, 'delegated');
    [admin, secadmin, deptadmin] = await Promise.all([signIn(client, 'admin'), signIn(client, 'secadmin'), signIn(client, 'deptadmin')]);
    const db = client.app.store.db;
    const dept = async (name: string) => (await db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    [marketing, finance] = await Promise.all([dept('市场部'), dept('财务部')]);
    const peopleOf = async (deptRef: number) => (await db.selectFrom('users').select('id').where('dept_ref', '=', deptRef).orderBy('id').execute()).map((r) => r.id);
    inside = await peopleOf(marketing);
    outside = (await db.selectFrom('users').select('id').where((eb) => eb.or([eb('dept_ref', '!=', marketing), eb('dept_ref', 'is', null)])).orderBy('id').limit(40).execute()).map((r) => r.id);
  });
  afterAll(async () => { await client?.close(); });

  /** A plain person of 市场部, made by the system administrator. */
  const newInside = async () => (await api.ok('/users/create', { userId: unique('mkt'), userName: '市场员工', mobileNo: phone(), deptId: marketing })).id as number;

  it('lists and exports only the people placed in the subtree', async () => {
    const list = await as(deptadmin).call('/users/list', { pageNum: 1, pageSize: 100 });
    expect(list.code).toBe('D00000');
    expect(list.data.datas.length).toBeGreaterThan(0);
    for (const person of list.data.datas) expect(person.deptId).toBe(marketing);
    // A filter naming another department finds nobody rather than widening the reach.
    expect((await as(deptadmin).call('/users/list', { pageNum: 1, pageSize: 10, deptId: finance })).data.total).toBe(0);
    const csv = await client.get('/admin/v1/users/export', { token: deptadmin });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.replace(/^\uFEFF/, '').trim().split('\n').slice(1);
    expect(rows.length).toBe(list.data.total);
    for (const row of rows) expect(row).toContain('市场部');
  });

  it('refuses every by-id action on a person outside with E60205, as for an id nobody has', async () => {
    const target = outside[0];
    for (const [path, body] of [
      ['/users/get', { id: target }], ['/users/update', { id: target, userName: 'x' }], ['/users/set-enabled', { id: target, enabled: false }],
      ['/users/reset-password', { id: target, mode: 'MUST_CHANGE' }], ['/users/delete', { id: target }], ['/users/history', { id: target, pageNum: 1, pageSize: 10 }],
      ['/users/activation', { id: target, channel: 'LINK' }], ['/users/get', { id: 2_000_000_000 }],
    ] as const) {
      const res = await as(deptadmin).post(path, body);
      expect({ path, status: res.statusCode, code: res.json().code }).toEqual({ path, status: 404, code: 'E60205' });
    }
    const still = await api.ok('/users/get', { id: target });
    expect(still.enabled).toBe(true);
  });

  it('acts on people of the subtree, places them only there, and not on administrators', async () => {
    const id = await newInside();
    expect((await as(deptadmin).call('/users/update', { id, positionName: '专员' })).code).toBe('D00000');
    expect((await as(deptadmin).call('/users/update', { id, deptId: finance })).code).toBe('E60205');
    expect((await as(deptadmin).call('/users/set-enabled', { id, enabled: false })).code).toBe('D00000');
    const created = await as(deptadmin).call('/users/create', { userId: unique('d'), userName: '新人', deptId: marketing });
    expect(created.code).toBe('D00000');
    for (const deptId of [finance, null]) {
      expect((await as(deptadmin).call('/users/create', { userId: unique('d'), userName: '外人', deptId })).code).toBe('E60205');
    }
    const self = (await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', 'deptadmin').executeTakeFirstOrThrow()).id;
    expect((await as(deptadmin).call('/users/reset-password', { id: self, mode: 'MUST_CHANGE' })).code).toBe('E60203');
    expect((await as(deptadmin).call('/users/delete', { id })).code).toBe('D00000');
  });

  it('gives a batch a result per person, outsiders refused in their own rows', async () => {
    const mine = await newInside();
    const res = await as(deptadmin).call('/users/batch', { action: 'DISABLE', ids: [mine, outside[1]] });
    expect(res.code).toBe('D00000');
    expect(res.data.results).toEqual([
      { id: mine, account: expect.any(String), code: 'D00000' },
      { id: outside[1], account: null, code: 'E60205' },
    ]);
    expect((await as(deptadmin).call('/users/batch', { action: 'MOVE', ids: [mine], deptId: finance })).code).toBe('E60205');
  });

  it('refuses CSV rows naming another department, in the dry run and in the import', async () => {
    const [a, b, c] = [unique('ia'), unique('ib'), unique('ic')];
    const csv = [HEADER, `${a},甲,STAFF,,,市场部`, `${b},乙,STAFF,,,财务部`, `${c},丙,STAFF,,,`, 'lisi,李四,STAFF,,,市场部'].join('\n');
    const dry = await as(deptadmin).call('/users/import/check', { csv });
    expect(dry.code).toBe('D00000');
    expect(dry.data.errors.map((e: { line: number; code: string }) => [e.line, e.code])).toEqual([[3, 'E60205'], [4, 'E60205']]);
    // Someone outside named by account: refused, not updated.
    const outsider = (await client.app.store.db.selectFrom('users').select('user_id').where('dept_ref', '=', finance).executeTakeFirstOrThrow()).user_id;
    const probe = await as(deptadmin).call('/users/import/check', { csv: [HEADER, `${outsider},改名,STAFF,,,市场部`].join('\n') });
    expect(probe.data.errors).toEqual([expect.objectContaining({ line: 2, code: 'E60205' })]);
    const started = await as(deptadmin).call('/users/import/start', { csv });
    expect(started.code).toBe('D00000');
    const status = await finishedImport(client, deptadmin, started.data.jobId);
    expect(status.created).toBe(1);
    const made = await client.app.store.db.selectFrom('users').select(['user_id', 'dept_ref']).where('user_id', 'in', [a, b, c]).execute();
    expect(made).toEqual([{ user_id: a, dept_ref: marketing }]);
    // Another administrator's job is as unknown as a made-up one.
    const theirs = await api.ok('/users/import/start', { csv: HEADER + '\n' });
    expect((await as(deptadmin).call('/users/import/status', { jobId: theirs.jobId })).code).toBe('E60205');
  });

  it('shows only the subtree of the organisation, its root at the top', async () => {
    const tree = await as(deptadmin).call('/organisation/tree', {});
    expect(tree.code).toBe('D00000');
    const ids = tree.data.nodes.map((n: { id: number }) => n.id);
    expect(ids).toContain(marketing);
    expect(ids).not.toContain(finance);
    expect(tree.data.nodes.find((n: { id: number }) => n.id === marketing).parentId).toBeNull();
  });

  it('confines groups to those managed inside the subtree, members added only from it', async () => {
    const lisi = 'lisi';
    const outsiderAccount = (await client.app.store.db.selectFrom('users').select('user_id').where('dept_ref', '=', finance).where('enabled', '=', 1).executeTakeFirstOrThrow()).user_id;
    const mine = await as(deptadmin).call('/groups/create', { groupCode: unique('g'), groupName: '市场小组', groupType: 1, managerUserId: lisi });
    expect(mine.code).toBe('D00000');
    expect((await as(deptadmin).call('/groups/create', { groupCode: unique('g'), groupName: '外组', groupType: 1, managerUserId: outsiderAccount })).code).toBe('E60205');
    const theirs = await api.ok('/groups/create', { groupCode: unique('g'), groupName: '财务组', groupType: 1, managerUserId: outsiderAccount });
    const listed = await as(deptadmin).call('/groups/list', { pageNum: 1, pageSize: 100 });
    const ids = listed.data.datas.map((g: { id: number }) => g.id);
    expect(ids).toContain(mine.data.id);
    expect(ids).not.toContain(theirs.id);
    for (const [path, body] of [['/groups/get', { id: theirs.id }], ['/groups/members/list', { id: theirs.id, pageNum: 1, pageSize: 10 }], ['/groups/delete', { id: theirs.id }]] as const) {
      expect((await as(deptadmin).call(path, body)).code).toBe('E60205');
    }
    expect((await as(deptadmin).call('/groups/members/add', { id: mine.data.id, userIdSet: [outsiderAccount] })).code).toBe('E60205');
    expect((await as(deptadmin).call('/groups/members/add', { id: mine.data.id, userIdSet: [lisi] })).code).toBe('D00000');
  });

  it('confines requests to applicants of the subtree', async () => {
    const listed = await as(deptadmin).call('/requests/list', { pageNum: 1, pageSize: 100 });
    expect(listed.code).toBe('D00000');
    const accounts = new Set(listed.data.datas.map((r: { applyUserId: string }) => r.applyUserId));
    const all = await api.ok('/requests/list', { pageNum: 1, pageSize: 100 }, secadmin);
    const insideAccounts = new Set((await client.app.store.db.selectFrom('users').select('user_id').where('dept_ref', '=', marketing).execute()).map((r) => r.user_id));
    for (const account of accounts) expect(insideAccounts.has(account as string)).toBe(true);
    const foreign = all.datas.find((r: { applyUserId: string }) => !insideAccounts.has(r.applyUserId));
    if (foreign) {
      expect((await as(deptadmin).call('/requests/get', { id: foreign.id })).code).toBe('E60205');
      expect((await as(deptadmin).call('/requests/decide', { applyIdList: [foreign.id], status: 1, approvalSuggestion: 'x' })).code).toBe('E60205');
    }
  });

  it('refuses 20 guessed ids outside, asked at once, all alike', async () => {
    const guesses = [...outside.slice(0, 15), 1_999_999_991, 1_999_999_992, 1_999_999_993, 1_999_999_994, 1_999_999_995];
    const answers = await Promise.all(guesses.map((id) => as(deptadmin).post('/users/get', { id })));
    expect(answers.map((r) => [r.statusCode, r.json().code])).toEqual(guesses.map(() => [404, 'E60205']));
    expect(inside.length).toBeGreaterThan(0);
  });
});
