import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordLogin, signIn, startClient, storeCases, type Client } from './harness.js';

describe.each(storeCases())('mailboxes, groups and members ($name)', (store) => {
  let client: Client;
  let zhangsan: string;
  let lisi: string;
  beforeAll(async () => {
    client = await startClient(store, 'groups');
    zhangsan = await signIn(client, 'zhangsan');
    lisi = await signIn(client, 'lisi');
  });
  afterAll(async () => { await client?.close(); });
  const data = async (path: string, body: unknown, token: string) => (await client.post(path, body, { token })).json();

  it('shows zhangsan the mailbox and the groups he manages, and lisi none', async () => {
    const boxes = await data('/personal/v1/pub-mail/list', { pageNum: 1, pageSize: 10 }, zhangsan);
    expect(boxes.data.datas).toEqual([expect.objectContaining({ userId: 'pub.hr', workInfo: { deptName: '人力资源部' } })]);
    expect((await data('/personal/v1/pub-mail/list', { pageNum: 1, pageSize: 10 }, lisi)).data.total).toBe(0);
    const mail = await data('/personal/v1/group/page-list', { groupType: 2, pageNum: 1, pageSize: 10 }, zhangsan);
    expect(mail.data.datas).toEqual([expect.objectContaining({ groupCode: 'ML-RD-ALL', groupType: 2, memberNumber: 13 })]);
    const sec = await data('/personal/v1/group/page-list', { groupType: 1, pageNum: 1, pageSize: 10 }, zhangsan);
    expect(sec.data.datas.map((g: { groupCode: string }) => g.groupCode)).toEqual(['GS-FIN-SYS']);
  });

  it('resets the mailbox password: generated (meets the policy, signs in) or typed (policy enforced)', async () => {
    const gen = await data('/personal/v1/pub-mail/reset-pwd', { userId: 'pub.hr', autoGen: true }, zhangsan);
    expect(gen.data).toMatch(/^.{16}$/);
    expect((await passwordLogin(client, 'pub.hr', gen.data)).json().code).toBe('D00000');
    const weak = await client.post('/personal/v1/pub-mail/reset-pwd', { userId: 'pub.hr', newPassword: await client.encrypt('12345678'), autoGen: false }, { token: zhangsan });
    expect(weak.json().code).toBe('E10712');
    const empty = await client.post('/personal/v1/pub-mail/reset-pwd', { userId: 'pub.hr', autoGen: false }, { token: zhangsan });
    expect(empty.json().code).toBe('E20303');
    const typed = await client.post('/personal/v1/pub-mail/reset-pwd', { userId: 'pub.hr', newPassword: await client.encrypt('Mailbox#2027'), autoGen: false }, { token: zhangsan });
    expect(typed.json()).toMatchObject({ code: 'D00000', data: null });
  });

  it('adds and removes members, refusing unknown accounts whole', async () => {
    const added = await data('/personal/v1/group/member/add-batch', { groupCode: 'GS-FIN-SYS', userIdSet: ['emp0003', 'emp0004'] }, zhangsan);
    expect(added.data.added).toBe(2);
    const bad = await client.post('/personal/v1/group/member/add-batch', { groupCode: 'GS-FIN-SYS', userIdSet: ['emp0005', 'nobody'] }, { token: zhangsan });
    expect(bad.json()).toMatchObject({ code: 'E20301', message: '用户不存在：nobody' });
    const members = await data('/personal/v1/group/member/page-list', { groupCode: 'GS-FIN-SYS', pageNum: 1, pageSize: 50 }, zhangsan);
    const ids = members.data.datas.map((m: { userId: string }) => m.userId);
    expect(ids).toContain('emp0003');
    expect(ids).not.toContain('emp0005');
    const removed = await data('/personal/v1/group/member/remove-batch', { groupCode: 'GS-FIN-SYS', userIdSet: ['emp0003', 'emp0004'] }, zhangsan);
    expect(removed.data.removed).toBe(2);
  });

  it('lists the newest additions first; a batch added at once page by page, none twice or lost', async () => {
    // Far past the demo's first members of each group (the first dozen of every few employees).
    const batch = ['emp0190', 'emp0191', 'emp0192'];
    await data('/personal/v1/group/member/add-batch', { groupCode: 'GS-FIN-SYS', userIdSet: batch }, zhangsan);
    const pages = [];
    for (const pageNum of [1, 2, 3, 4]) {
      pages.push((await data('/personal/v1/group/member/page-list', { groupCode: 'GS-FIN-SYS', pageNum, pageSize: 1 }, zhangsan)).data.datas[0]?.userId);
    }
    // Members added together come newest account first; the demo's members, added long before, follow.
    expect(pages.slice(0, 3)).toEqual([...batch].reverse());
    expect(batch).not.toContain(pages[3]);
    await data('/personal/v1/group/member/remove-batch', { groupCode: 'GS-FIN-SYS', userIdSet: batch }, zhangsan);
  });

  it('searches people by name or account', async () => {
    const byName = await data('/personal/v1/page/normal/by-userid-or-name', { userName: '李四', pageNum: 1, pageSize: 10 }, zhangsan);
    expect(byName.data.datas.map((u: { userId: string }) => u.userId)).toEqual(['lisi']);
    const byKey = await data('/personal/v1/page/normal/by-userid-or-name', { keyWord: 'emp019', pageNum: 1, pageSize: 10 }, zhangsan);
    expect(byKey.data.total).toBe(10);
    // Any part of a name or account: one character of a Chinese name, the middle of an account.
    const byPart = async (keyWord: string) =>
      (await data('/personal/v1/page/normal/by-userid-or-name', { keyWord, pageNum: 1, pageSize: 50 }, zhangsan)).data.datas.map((u: { userId: string }) => u.userId);
    expect(await byPart('四')).toContain('lisi');
    expect(await byPart('isi')).toContain('lisi');
  });

  it('refuses every group and mailbox action to a non-manager, changing nothing', async () => {
    const before = (await data('/personal/v1/group/page-list', { pageNum: 1, pageSize: 10 }, zhangsan)).data.datas;
    const attempts: [string, unknown][] = [
      ['/personal/v1/group/member/page-list', { groupCode: 'ML-RD-ALL', pageNum: 1, pageSize: 10 }],
      ['/personal/v1/group/member/add-batch', { groupCode: 'ML-RD-ALL', userIdSet: ['emp0100'] }],
      ['/personal/v1/group/member/remove-batch', { groupCode: 'ML-RD-ALL', userIdSet: ['lisi'] }],
      ['/personal/v1/group/manager-update', { groupCode: 'ML-RD-ALL', managerUserId: 'lisi' }],
      ['/personal/v1/pub-mail/reset-pwd', { userId: 'pub.hr', autoGen: true }],
    ];
    for (const [path, body] of attempts) {
      const res = await client.post(path, body, { token: lisi });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('E00403');
    }
    expect((await data('/personal/v1/group/page-list', { pageNum: 1, pageSize: 10 }, zhangsan)).data.datas).toEqual(before);
  });

  it('transfers a group: the new manager sees it, the old one loses it', async () => {
    // On a store of its own: every other test here needs zhangsan to manage GS-FIN-SYS.
    const own = await startClient(store, 'groupstransfer');
    try {
      const [from, to] = [await signIn(own, 'zhangsan'), await signIn(own, 'lisi')];
      const res = (await own.post('/personal/v1/group/manager-update', { groupCode: 'GS-FIN-SYS', managerUserId: 'lisi' }, { token: from })).json();
      expect(res.code).toBe('D00000');
      expect((await own.post('/personal/v1/group/page-list', { groupType: 1, pageNum: 1, pageSize: 10 }, { token: to })).json().data.datas[0].groupCode).toBe('GS-FIN-SYS');
      expect((await own.post('/personal/v1/group/member/page-list', { groupCode: 'GS-FIN-SYS', pageNum: 1, pageSize: 10 }, { token: from })).statusCode).toBe(403);
    } finally {
      await own.close();
    }
  });
});
