import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';

/**
 * The approval queue's total comes from per-application counts the database keeps with triggers
 * (migration 0010). Whatever files, decides, cancels or deletes requests — at once or cascading
 * from a removed person or application — the total an approver sees stays the true number.
 *
 * A scenario in steps, kept in order when the suite is shuffled: the counts are kept by triggers
 * change by change, so each step acts on the queue the steps before it left (requests filed,
 * then decided, cancelled, and removed with their person or application) and checks the total
 * still matches a fresh count.
 */
describe.each(storeCases())('approval queue totals ($name)', (store) => {
  let client: Client;
  let zhangsan: string;
  const applicants: string[] = [];
  beforeAll(async () => {
    client = await startClient(store, 'pendingcounts');
    zhangsan = await signIn(client, 'zhangsan');
    for (let i = 0; i < 12; i++) applicants.push(await signIn(client, `emp0${170 + i}`));
  });
  afterAll(async () => { await client?.close(); });

  const db = () => client.app.store.db;
  type Queue = { total: number; datas: { id: number; appId: string }[] };
  const page = async (pageNum: number, pageSize: number, filters: Record<string, string>) =>
    (await client.post('/auty/v1/apply/page-list/by-approval-user-id', { pageNum, pageSize, ...filters }, { token: zhangsan })).json().data as Queue;
  /**
   * The queue in one page, its total checked against the other ways a page learns it: a full
   * page (the kept total comes with its rows) and an empty page past the end (counted alone).
   */
  const queue = async (filters: Record<string, string> = {}) => {
    const all = await page(1, 100, filters);
    expect(all.datas.length).toBeLessThan(100);
    if (all.total > 1) expect((await page(2, 1, filters)).total).toBe(all.total);
    const past = await page(all.total + 2, 1, filters);
    expect(past).toEqual({ datas: [], total: all.total });
    return all;
  };
  /** What the queue should say: zhangsan's applications' pending requests, counted one by one. */
  const truth = async () => {
    const row = await db().selectFrom('apply_requests as r').innerJoin('app_approvers as aa', 'aa.app_ref', 'r.app_ref')
      .where('aa.user_ref', '=', (await db().selectFrom('users').select('id').where('user_id', '=', 'zhangsan').executeTakeFirstOrThrow()).id)
      .where('r.status', '=', 0).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const roleOf = async (appId: string) => (await client.post('/auty/v1/group/role/list/by-app-id', { appId }, { token: zhangsan })).json().data[0].id as number;
  const fileAll = async (appIds: string[]) => {
    const roles = Object.fromEntries(await Promise.all(appIds.map(async (a) => [a, await roleOf(a)] as const)));
    const answers = await Promise.all(applicants.flatMap((token) => appIds.map((appId) =>
      client.post('/auty/v1/apply/add', { appId, roleIdSet: [roles[appId]], applyReason: 'project work' }, { token }))));
    expect(answers.map((a) => a.json().code)).toEqual(answers.map(() => 'D00000'));
  };

  describe('filed, decided, cancelled and removed, in this order', { shuffle: false }, () => {
    it('starts from the demo data and counts requests filed at once', async () => {
      const before = await queue();
      expect(before.total).toBe(await truth());
      await fileAll(['wiki', 'git']);
      const after = await queue();
      expect(after.total).toBe(before.total + 24);
      expect(after.total).toBe(await truth());
    });

    it('stays exact while batches across the same applications are decided at once', async () => {
      const pending = (await queue()).datas.filter((r) => r.appId === 'wiki' || r.appId === 'git');
      const wiki = pending.filter((r) => r.appId === 'wiki').map((r) => r.id);
      const git = pending.filter((r) => r.appId === 'git').map((r) => r.id);
      // Four batches, each holding both applications, in opposite orders, decided at the same moment.
      const batches = [0, 1, 2, 3].map((k) => (k % 2 ? [...git.slice(k * 3, k * 3 + 3), ...wiki.slice(k * 3, k * 3 + 3)] : [...wiki.slice(k * 3, k * 3 + 3), ...git.slice(k * 3, k * 3 + 3)]));
      const answers = await Promise.all(batches.map((applyIdList, k) =>
        client.post('/auty/v1/apply/approval', { status: k % 2 ? 2 : 1, approvalSuggestion: 'ok', applyIdList }, { token: zhangsan })));
      expect(answers.map((a) => [a.statusCode, a.json().code])).toEqual(answers.map(() => [200, 'D00000']));
      const after = await queue();
      expect(after.total).toBe(await truth());
      expect(after.datas.filter((r) => r.appId === 'wiki' || r.appId === 'git')).toHaveLength(0);
    });

    it('stays exact when an applicant cancels and when filters narrow the list', async () => {
      await fileAll(['pm']);
      const mine = (await client.post('/auty/v1/apply/page-list/by-apply-user-id', { status: 0, pageNum: 1, pageSize: 10 }, { token: applicants[0] })).json().data.datas;
      expect((await client.post('/auty/v1/apply/terminated', { applyId: mine[0].id }, { token: applicants[0] })).json().code).toBe('D00000');
      expect((await queue()).total).toBe(await truth());
      expect((await queue({ appName: '项目' })).total).toBe(11);
    });

    it('stays exact when a person or an application is removed with their requests', async () => {
      await db().deleteFrom('users').where('user_id', '=', 'emp0171').execute();
      expect((await queue()).total).toBe(await truth());
      expect((await queue({ appName: '项目' })).total).toBe(10);
      await db().deleteFrom('apps').where('app_id', '=', 'pm').execute();
      const after = await queue();
      expect(after.total).toBe(await truth());
      expect(after.datas.some((r) => r.appId === 'pm')).toBe(false);
    });
  });
});
