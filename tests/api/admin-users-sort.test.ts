import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';

describe.each(storeCases())('workbench: the users list sorted by a column ($name)', (store) => {
  let client: Client;
  let admin: string;

  beforeAll(async () => {
    client = await startClient(store, 'userssort');
    admin = await signIn(client, 'admin');
  });
  afterAll(async () => { await client?.close(); });

  const post = (path: string, body: unknown) => client.post(`/admin/v1/${path}`, body, { token: admin });
  const list = async (body: Record<string, unknown>) => {
    const res = (await post('users/list', { pageNum: 1, pageSize: 10, ...body })).json();
    expect(res.code, JSON.stringify(res)).toBe('D00000');
    return res.data.datas.map((u: { userId: string }) => u.userId) as string[];
  };

  it('sorts by account, name or creation time either way, pages included, and refuses any other column', async () => {
    const stem = `srt${Date.now().toString(36)}`;
    // Created in this order; names in the opposite order.
    const people = [['a', '丙'], ['b', '乙'], ['c', '甲']].map(([suffix, name]) => ({ userId: `${stem}${suffix}`, userName: `${name}${stem}` }));
    for (const p of people) {
      expect((await post('users/create', p)).json().code).toBe('D00000');
      await new Promise((r) => setTimeout(r, 5));
    }
    const [a, b, c] = people.map((p) => p.userId);
    expect(await list({ keyword: stem })).toEqual([a, b, c]);
    expect(await list({ keyword: stem, sortField: 'userId', sortOrder: 'desc' })).toEqual([c, b, a]);
    const byName = await list({ keyword: stem, sortField: 'userName', sortOrder: 'asc' });
    expect(byName).toEqual([...people].sort((x, y) => (x.userName < y.userName ? -1 : 1)).map((p) => p.userId));
    expect(await list({ keyword: stem, sortField: 'userName', sortOrder: 'desc' })).toEqual([...byName].reverse());
    expect(await list({ keyword: stem, sortField: 'createdDate', sortOrder: 'desc' })).toEqual([c, b, a]);
    expect(await list({ keyword: stem, sortField: 'createdDate', sortOrder: 'desc', pageNum: 2, pageSize: 2 })).toEqual([a]);
    for (const sortField of ['mobileNo', 'password_hash', 'user_id; drop table users']) {
      expect((await post('users/list', { pageNum: 1, pageSize: 10, sortField })).statusCode, sortField).toBe(400);
    }
  });
});
