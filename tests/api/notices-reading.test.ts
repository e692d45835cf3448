import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './adminHarness.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';

let seq = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${Date.now().toString(36)}-${seq++}`;

interface HomeItem { id: string; title: string; date: string; unread: boolean }
interface Home { notices: HomeItem[]; news: Record<'recommend' | 'news' | 'dynamic' | 'release', HomeItem[]> }

describe.each(storeCases())('portal: reading home notices ($name)', (store) => {
  let client: Client;
  let admin: string;
  let lisi: string;
  let zhangsan: string;
  beforeAll(async () => {
    client = await startClient(store, 'noticereads');
    admin = await signIn(client, 'admin');
    lisi = await signIn(client, 'lisi');
    zhangsan = await signIn(client, 'zhangsan');
  });
  afterAll(async () => { await client?.close(); });

  const { ok } = adminApi(() => client, () => admin);
  const home = async (token: string): Promise<Home> => (await client.post('/personal/v1/home/content', {}, { token })).json().data;
  const open = (token: string, id: unknown, lang?: string) =>
    client.post('/personal/v1/home/notice/open', { id }, { token, headers: lang ? { 'accept-language': lang } : {} });
  const publish = async (body: string, link: string | null = null) => {
    const title = unique('停电通知');
    const { id } = await ok('/notices/create', { kind: 'NOTICE', title, body, link });
    await ok('/notices/publish', { id });
    return { id: id as number, title };
  };
  const itemOf = async (token: string, title: string) => (await home(token)).notices.find((n) => n.title === title);

  it('answers the whole body and the link of a published notice, which the list leaves out', async () => {
    const body = `第一行\n第二行 <script>alert(1)</script>\n${'长'.repeat(19_900)}`;
    const notice = await publish(body, 'https://intranet.example.com/outage');
    const listed = await itemOf(lisi, notice.title);
    expect(listed).toEqual({ id: String(notice.id), title: notice.title, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), unread: true });
    const res = await open(lisi, notice.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: notice.id, kind: 'NOTICE', title: notice.title, body, link: 'https://intranet.example.com/outage', publishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('marks a notice read for the one person who opened it, once however often it is opened', async () => {
    const notice = await publish('正文');
    expect((await itemOf(lisi, notice.title))?.unread).toBe(true);
    expect((await open(lisi, notice.id)).statusCode).toBe(200);
    expect((await open(lisi, notice.id)).statusCode).toBe(200);
    expect((await itemOf(lisi, notice.title))?.unread).toBe(false);
    expect((await itemOf(zhangsan, notice.title))?.unread).toBe(true);
  });

  it.each([['zh-CN', '不存在'], ['en', 'not found']])('refuses a draft, a withdrawn and an unknown notice with E00404 (%s) and marks nothing', async (lang, text) => {
    const { id: draft } = await ok('/notices/create', { kind: 'NOTICE', title: unique('草稿'), body: '未发布' });
    const withdrawn = await publish('撤回的');
    await ok('/notices/unpublish', { id: withdrawn.id });
    for (const id of [draft, withdrawn.id, 2_000_000_000]) {
      const res = await open(lisi, id, lang);
      expect({ status: res.statusCode, code: res.json().code, data: res.json().data }).toEqual({ status: 404, code: 'E00404', data: null });
      expect(res.json().message.toLowerCase()).toContain(text);
    }
    await ok('/notices/publish', { id: withdrawn.id });
    expect((await itemOf(lisi, withdrawn.title))?.unread).toBe(true);
  });

  it('refuses a signed-out caller and bad ids', async () => {
    const notice = await publish('正文');
    const anonymous = await client.post('/personal/v1/home/notice/open', { id: notice.id });
    expect({ status: anonymous.statusCode, code: anonymous.json().code }).toEqual({ status: 401, code: 'E00009' });
    for (const id of ['1', -1, 1.5, null, 'abc']) {
      const res = await open(lisi, id);
      expect({ id, status: res.statusCode, code: res.json().code }).toEqual({ id, status: 400, code: 'E00001' });
    }
  });

  it('forgets the read marks of a deleted notice with it', async () => {
    const notice = await publish('正文');
    await open(lisi, notice.id);
    await ok('/notices/delete', { id: notice.id });
    const res = await open(lisi, notice.id);
    expect(res.statusCode).toBe(404);
    expect(await itemOf(lisi, notice.title)).toBeUndefined();
  });
});
