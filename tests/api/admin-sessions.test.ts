import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';

const LIST = '/admin/v1/sessions/list';
const END = '/admin/v1/sessions/end';
const END_USER = '/admin/v1/sessions/end-user';
const ME = '/personal/v1/current-user-detail';

interface Row { id: number; userId: string; userName: string; deviceName: string | null; ip: string; current: boolean }

describe.each(storeCases())('workbench sessions ($name)', (store) => {
  let client: Client;
  let security: string;
  beforeAll(async () => {
    client = await startClient(store, 'adminsessions');
    security = await signIn(client, 'secadmin');
  });
  afterAll(async () => { await client?.close(); });

  const list = async (filters: Record<string, unknown> = {}, token = security) =>
    (await client.post(LIST, { pageNum: 1, pageSize: 100, ...filters }, { token })).json().data as { datas: Row[]; total: number };
  const me = async (token: string) => (await client.post(ME, {}, { token })).json().code;
  const endAudits = async () =>
    (await client.post('/admin/v1/operation-log/list', { target: 'session:', pageNum: 1, pageSize: 100 }, { token: await signIn(client, 'auditor') })).json().data.datas as { target: string; changes: unknown }[];

  it('lists live sessions with account, name, device and address, filtered by account or name', async () => {
    const first = await signIn(client, 'emp0041');
    const second = await signIn(client, 'emp0041');
    expect(await me(first)).toBe('D00000');
    const mine = await list({ userId: 'EMP0041' });
    expect(mine.total).toBe(2);
    expect(mine.datas[0]).toMatchObject({ userId: 'emp0041', deviceName: 'Chrome', ip: '127.0.0.1', current: false });
    expect(typeof mine.datas[0].userName).toBe('string');
    expect((await list({ keyWord: 'emp004' })).datas.every((r) => r.userId.startsWith('emp004'))).toBe(true);
    expect((await list({ keyWord: 'MP0041' })).datas.map((r) => r.userId)).toEqual(['emp0041', 'emp0041']);
    expect((await list({ userId: 'nobody.here' })).total).toBe(0);
    const own = (await list({ userId: 'secadmin' })).datas.find((r) => r.current);
    expect(own).toBeDefined();
    expect(await me(second)).toBe('D00000');
  });

  it('refuses every session endpoint to lisi and to the system administrator with E00403 and ends nothing', async () => {
    const lisi = await signIn(client, 'lisi');
    const system = await signIn(client, 'admin');
    const victim = await signIn(client, 'emp0042');
    const [row] = (await list({ userId: 'emp0042' })).datas;
    for (const [path, body] of [[LIST, { pageNum: 1, pageSize: 10 }], [END, { id: row.id }], [END_USER, { userId: 'emp0042' }]] as const) {
      for (const token of [lisi, system]) {
        const res = await client.post(path, body, { token });
        expect(res.statusCode, path).toBe(403);
        expect(res.json().code).toBe('E00403');
      }
    }
    expect(await me(victim)).toBe('D00000');
    expect((await list({ userId: 'emp0042' })).total).toBe(1);
  });

  it("ends one session at once: that token's next call is E00009, the user's other session lives on, and it is audited", async () => {
    const ended = await signIn(client, 'emp0043');
    const kept = await signIn(client, 'emp0043');
    const rows = (await list({ userId: 'emp0043' })).datas;
    const target = rows[rows.length - 1];
    const res = await client.post(END, { id: target.id }, { token: security });
    expect(res.json()).toMatchObject({ code: 'D00000', data: null });
    const codes = [await me(ended), await me(kept)].sort();
    expect(codes).toEqual(['D00000', 'E00009']);
    expect((await list({ userId: 'emp0043' })).total).toBe(1);
    expect((await endAudits()).find((a) => a.target === `session:${target.id}`)).toMatchObject({
      changes: { before: { userId: 'emp0043', deviceName: 'Chrome', ip: '127.0.0.1' }, after: null },
    });
    const again = await client.post(END, { id: target.id }, { token: security });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('E00404');
  });

  it('refuses to end the caller\'s own current session here (E40411) and unknown ids (E00404)', async () => {
    const own = (await list({ userId: 'secadmin' })).datas.find((r) => r.current)!;
    const res = await client.post(END, { id: own.id }, { token: security });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('E40411');
    expect(await me(security)).toBe('D00000');
    expect((await client.post(END, { id: 2_000_000_000 }, { token: security })).json().code).toBe('E00404');
    expect((await client.post(END, { id: 0 }, { token: security })).json().code).toBe('E00001');
  });

  it("ends every session of one account, keeping only the caller's own current one", async () => {
    const tokens = [await signIn(client, 'emp0044'), await signIn(client, 'emp0044'), await signIn(client, 'emp0044')];
    const res = await client.post(END_USER, { userId: 'emp0044' }, { token: security });
    expect(res.json()).toMatchObject({ code: 'D00000', data: { ended: 3 } });
    for (const token of tokens) expect(await me(token)).toBe('E00009');
    expect((await client.post(END_USER, { userId: 'nobody.here' }, { token: security })).json().code).toBe('E00404');

    const other = await signIn(client, 'secadmin');
    const self = await client.post(END_USER, { userId: 'secadmin' }, { token: security });
    expect(self.json().data.ended).toBeGreaterThanOrEqual(1);
    expect(await me(other)).toBe('E00009');
    expect(await me(security)).toBe('D00000');
  });

  it('lets one of two racing ends win and tells the other the session is gone', async () => {
    const token = await signIn(client, 'emp0045');
    const [row] = (await list({ userId: 'emp0045' })).datas;
    const answers = await Promise.all([client.post(END, { id: row.id }, { token: security }), client.post(END, { id: row.id }, { token: security })]);
    expect(answers.map((r) => r.json().code).sort()).toEqual(['D00000', 'E00404']);
    expect(await me(token)).toBe('E00009');
    expect((await endAudits()).filter((a) => a.target === `session:${row.id}`)).toHaveLength(1);
  });

  it('lists only sessions that have not idled out', async () => {
    await signIn(client, 'emp0046');
    expect((await list({ userId: 'emp0046' })).total).toBe(1);
    client.clock.advance(31 * 60_000);
    security = await signIn(client, 'secadmin');
    expect((await list({ userId: 'emp0046' })).total).toBe(0);
  });
  it('names each session\'s browser and system from its user agent, and sorts by time or account either way, refusing other columns', async () => {
    await signIn(client, 'emp0047');
    await signIn(client, 'emp0048');
    const { db } = client.app.store;
    const ref = async (account: string) => (await db.selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirstOrThrow()).id;
    const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
    await db.updateTable('sessions').set({ user_agent: WINDOWS_CHROME, created_at: Date.now() - 60_000 }).where('user_ref', '=', await ref('emp0047')).execute();
    await db.updateTable('sessions').set({ user_agent: IPHONE_SAFARI, created_at: Date.now() - 120_000 }).where('user_ref', '=', await ref('emp0048')).execute();
    const rows = async (sort: Record<string, string>) =>
      ((await client.post(LIST, { pageNum: 1, pageSize: 100, keyWord: 'emp004', ...sort }, { token: security })).json().data.datas as (Row & { browser: string; os: string })[])
        .filter((r) => r.userId === 'emp0047' || r.userId === 'emp0048');
    const byAccount = await rows({ sortField: 'userId', sortOrder: 'asc' });
    expect(byAccount.map((r) => [r.userId, r.browser, r.os])).toEqual([['emp0047', 'Chrome 131', 'Windows 10'], ['emp0048', 'Safari', 'iPhone']]);
    expect((await rows({ sortField: 'userId', sortOrder: 'desc' })).map((r) => r.userId)).toEqual(['emp0048', 'emp0047']);
    expect((await rows({ sortField: 'createdDate', sortOrder: 'asc' })).map((r) => r.userId)).toEqual(['emp0048', 'emp0047']);
    expect((await rows({ sortField: 'createdDate', sortOrder: 'desc' })).map((r) => r.userId)).toEqual(['emp0047', 'emp0048']);
    for (const sortField of ['userAgent', 'ip', 'users.user_id']) {
      const res = await client.post(LIST, { pageNum: 1, pageSize: 10, sortField, sortOrder: 'asc' }, { token: security });
      expect(res.statusCode, sortField).toBe(400);
      expect(res.json().code).toBe('E00001');
    }
  });
});
