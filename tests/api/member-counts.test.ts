import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, unique } from './adminHarness.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';

/**
 * A group's member total comes from per-group counts the database keeps with triggers (migration
 * 0012). Whatever adds or removes members — at once, from the personal centre or the workbench,
 * or cascading from a removed person or group — the totals people see stay the true number.
 */
describe.each(storeCases())('group member totals ($name)', (store) => {
  let client: Client;
  let zhangsan: string;
  let admin: string;
  beforeAll(async () => {
    client = await startClient(store, 'membercounts');
    zhangsan = await signIn(client, 'zhangsan');
    admin = await signIn(client, 'admin');
  });
  afterAll(async () => { await client?.close(); });

  const { ok } = adminApi(() => client, () => admin);
  const db = () => client.app.store.db;
  const post = async (path: string, body: unknown) => (await client.post(path, body, { token: zhangsan })).json();
  /** What the member list says its total is, and what the group list says. */
  const shown = async (groupCode: string) => {
    const members = (await post('/personal/v1/group/member/page-list', { groupCode, pageNum: 1, pageSize: 10 })).data.total as number;
    const groups = (await post('/personal/v1/group/page-list', { pageNum: 1, pageSize: 100 })).data.datas as { groupCode: string; memberNumber: number }[];
    return { members, listed: groups.find((g) => g.groupCode === groupCode)?.memberNumber };
  };
  /** The members counted one by one. */
  const truth = async (groupCode: string) => {
    const row = await db().selectFrom('group_members as gm').innerJoin('mail_groups as g', 'g.id', 'gm.group_ref')
      .where('g.group_code', '=', groupCode).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const expectExact = async (groupCode: string) => {
    const n = await truth(groupCode);
    expect(await shown(groupCode)).toEqual({ members: n, listed: n });
  };
  const accounts = (from: number, count: number) => Array.from({ length: count }, (_, i) => `emp0${from + i}`);

  it('starts from the demo data', async () => {
    expect(await truth('ML-RD-ALL')).toBeGreaterThan(0);
    await expectExact('ML-RD-ALL');
    await expectExact('GS-FIN-SYS');
  });

  it('stays exact while overlapping batches are added and removed at once', async () => {
    // Ten batches of five over fifteen people: most are added by several batches at the same moment.
    const added = await Promise.all(Array.from({ length: 10 }, (_, k) => post('/personal/v1/group/member/add-batch', { groupCode: 'GS-FIN-SYS', userIdSet: accounts(100 + k, 5) })));
    expect(added.map((a) => a.code)).toEqual(added.map(() => 'D00000'));
    expect(added.reduce((sum, a) => sum + a.data.added, 0)).toBe(14);
    await expectExact('GS-FIN-SYS');
    const removed = await Promise.all(Array.from({ length: 6 }, (_, k) => post('/personal/v1/group/member/remove-batch', { groupCode: 'GS-FIN-SYS', userIdSet: accounts(100 + 2 * k, 3) })));
    expect(removed.map((r) => r.code)).toEqual(removed.map(() => 'D00000'));
    expect(removed.reduce((sum, r) => sum + r.data.removed, 0)).toBe(13);
    await expectExact('GS-FIN-SYS');
  });

  it('stays exact when a member is removed as a person', async () => {
    await post('/personal/v1/group/member/add-batch', { groupCode: 'ML-RD-ALL', userIdSet: ['emp0150'] });
    await db().deleteFrom('users').where('user_id', '=', 'emp0150').execute();
    await expectExact('ML-RD-ALL');
  });

  it('counts the workbench\'s changes, and a deleted group takes its count with it', async () => {
    const groupCode = unique('GS-CNT');
    const { id } = await ok('/groups/create', { groupCode, groupName: `安全组 ${groupCode}`, groupType: 1, managerUserId: 'zhangsan' });
    await ok('/groups/members/add', { id, userIdSet: accounts(160, 4) });
    expect((await ok('/groups/get', { id })).memberNumber).toBe(4);
    await expectExact(groupCode);
    await ok('/groups/delete', { id });
    const kept = await db().selectFrom('group_member_counts').select('members').where('group_ref', '=', id).executeTakeFirst();
    expect(kept?.members ?? 0).toBe(0);
  });
});
