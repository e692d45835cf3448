import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNoticesEndpoints } from '../../contract/endpoints/admin/notices.js';
import { adminApi } from './adminHarness.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';

let seq = 0;
/** A title no other test (or run) uses. */
const unique = (prefix: string) => `${prefix} ${process.pid}-${Date.now().toString(36)}-${seq++}`;

interface HomeItem { id: string; title: string; date: string; unread: boolean }
interface Home { notices: HomeItem[]; news: Record<'recommend' | 'news' | 'dynamic' | 'release', HomeItem[]> }

describe.each(storeCases())('workbench: home notices and news ($name)', (store) => {
  let client: Client;
  let admin: string;
  let lisi: string;
  beforeAll(async () => {
    client = await startClient(store, 'adminnotices');
    admin = await signIn(client, 'admin');
    lisi = await signIn(client, 'lisi');
  });
  afterAll(async () => { await client?.close(); });

  const { post, ok, audits: auditsOf } = adminApi(() => client, () => admin);
  const home = async (): Promise<Home> => (await client.post('/personal/v1/home/content', {}, { token: lisi })).json().data;
  const titles = (items: HomeItem[]) => items.map((i) => i.title);
  const newNotice = async (extra: Record<string, unknown> = {}) => {
    const title = unique('通知');
    const { id } = await ok('/notices/create', { kind: 'NOTICE', title, body: '正文', ...extra });
    return { id: id as number, title };
  };
  const audits = (scene: string, id: number) => auditsOf(scene, `notice:${id}`);

  it('refuses every endpoint to a non-administrator with E00403 and changes nothing', async () => {
    const draft = await newNotice();
    const published = await newNotice();
    await ok('/notices/publish', { id: published.id });
    const snapshot = async () => ({ list: await ok('/notices/list', { pageNum: 1, pageSize: 100 }), home: await home() });
    const before = await snapshot();
    const bodies: Record<keyof typeof adminNoticesEndpoints, unknown> = {
      list: { pageNum: 1, pageSize: 10 }, get: { id: draft.id }, create: { kind: 'NOTICE', title: 'evil', body: 'evil' },
      update: { id: published.id, title: 'defaced' }, publish: { id: draft.id }, unpublish: { id: published.id }, delete: { id: published.id },
    };
    for (const [name, spec] of Object.entries(adminNoticesEndpoints)) {
      const res = await client.post(spec.path, bodies[name as keyof typeof adminNoticesEndpoints], { token: lisi });
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({ name, status: 403, code: 'E00403' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('shows the demo notices and news, seeded into the table, in the shape the home page reads', async () => {
    const content = await home();
    expect(Object.keys(content.news).sort()).toEqual(['dynamic', 'news', 'recommend', 'release']);
    expect(titles(content.notices)).toContain('关于启用短信二次认证的通知');
    expect(titles(content.news.release)).toContain('门户 v0.1.0：个人中心与批量审批');
    expect(content.notices.find((n) => n.title === '关于启用短信二次认证的通知')).toMatchObject({ id: expect.stringMatching(/^\d+$/), date: '2026-11-18' });
    const seeded = await ok('/notices/list', { kind: 'RECOMMEND', published: true, pageNum: 1, pageSize: 10 });
    expect(seeded.datas.map((n: { title: string }) => n.title)).toEqual(expect.arrayContaining(['五分钟了解统一身份认证', '如何申请应用权限']));
  });

  it('shows a notice on the home page only while it is published, newest first', async () => {
    const notice = await newNotice({ link: 'https://intranet.example.com/n/1' });
    expect(titles((await home()).notices)).not.toContain(notice.title);
    await ok('/notices/publish', { id: notice.id });
    const shown = await home();
    expect(shown.notices[0]).toEqual({ id: String(notice.id), title: notice.title, date: new Date(client.clock.now()).toISOString().slice(0, 10), unread: true });
    const again = await post('/notices/publish', { id: notice.id });
    expect([again.statusCode, again.json().code]).toEqual([200, 'E40304']);

    await ok('/notices/update', { id: notice.id, title: `${notice.title} (更新)` });
    expect((await home()).notices[0].title).toBe(`${notice.title} (更新)`);

    await ok('/notices/unpublish', { id: notice.id });
    expect(titles((await home()).notices)).not.toContain(`${notice.title} (更新)`);
    expect((await post('/notices/unpublish', { id: notice.id })).json().code).toBe('E40305');
    expect(await ok('/notices/get', { id: notice.id })).toMatchObject({ published: false, publishedAt: null, createdBy: 'admin', link: 'https://intranet.example.com/n/1' });
  });

  it('files news under its tab of the home page', async () => {
    const { id, title } = await newNotice({ kind: 'DYNAMIC' });
    await ok('/notices/publish', { id });
    const content = await home();
    expect(content.news.dynamic[0].title).toBe(title);
    expect(titles(content.notices)).not.toContain(title);
    expect(titles(content.news.news)).not.toContain(title);
    await ok('/notices/update', { id, kind: 'RELEASE' });
    const moved = await home();
    expect(moved.news.release[0].title).toBe(title);
    expect(titles(moved.news.dynamic)).not.toContain(title);
  });

  it('lists drafts and published items by kind, state and title', async () => {
    const draft = await newNotice({ kind: 'NEWS' });
    const live = await newNotice({ kind: 'NEWS' });
    await ok('/notices/publish', { id: live.id });
    const ids = async (filters: Record<string, unknown>) => (await ok('/notices/list', { kind: 'NEWS', pageNum: 1, pageSize: 100, ...filters })).datas.map((n: { id: number }) => n.id);
    expect(await ids({ keyword: draft.title })).toEqual([draft.id]);
    expect(await ids({ published: false })).toContain(draft.id);
    expect(await ids({ published: false })).not.toContain(live.id);
    expect(await ids({ published: true })).toContain(live.id);
    expect((await ids({})).slice(0, 2)).toEqual([live.id, draft.id]);
  });

  it('refuses bad notices with E00001 naming the field', async () => {
    const good = { kind: 'NOTICE', title: 't', body: 'b' };
    for (const [field, body] of [
      ['kind', { ...good, kind: 'ALERT' }], ['title', { ...good, title: '' }], ['title', { ...good, title: 'x'.repeat(201) }],
      ['body', { ...good, body: '' }], ['link', { ...good, link: 'javascript:alert(1)' }], ['link', { ...good, link: '//evil.example.com' }],
    ] as const) {
      const res = await post('/notices/create', body);
      expect({ field, status: res.statusCode, code: res.json().code }).toEqual({ field, status: 400, code: 'E00001' });
      expect(res.json().message).toContain(field);
    }
    expect((await ok('/notices/create', { ...good, link: '/myApp' })).id).toEqual(expect.any(Number));
    for (const path of ['/notices/get', '/notices/publish', '/notices/delete']) expect((await post(path, { id: 999_999 })).json().code).toBe('E00404');
  });

  it('deletes a notice, taking it off the home page, with before and after in the log', async () => {
    const notice = await newNotice();
    await ok('/notices/publish', { id: notice.id });
    await ok('/notices/update', { id: notice.id, body: '更长的正文' });
    await ok('/notices/delete', { id: notice.id });
    expect(titles((await home()).notices)).not.toContain(notice.title);
    expect((await post('/notices/get', { id: notice.id })).json().code).toBe('E00404');
    const [created] = await audits('ADMIN_NOTICE_CREATE', notice.id);
    expect(JSON.parse(created.changes!)).toEqual({ before: null, after: { kind: 'NOTICE', title: notice.title, bodyLength: 2, link: null, publishedAt: null } });
    const [updated] = await audits('ADMIN_NOTICE_UPDATE', notice.id);
    expect(JSON.parse(updated.changes!)).toMatchObject({ before: { bodyLength: 2 }, after: { bodyLength: 5 } });
    const [published] = await audits('ADMIN_NOTICE_PUBLISH', notice.id);
    expect(JSON.parse(published.changes!)).toMatchObject({ before: { publishedAt: null }, after: { publishedAt: expect.any(String) } });
    const [deleted] = await audits('ADMIN_NOTICE_DELETE', notice.id);
    expect(JSON.parse(deleted.changes!)).toMatchObject({ before: { title: notice.title }, after: null });
  });
});
