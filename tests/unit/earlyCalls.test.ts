import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/providers/apiError';
import { withEarlyAnswers } from '../../src/shared/providers/earlyCalls';
import { createHttp } from '../../src/shared/providers/http';
import { fakeTransport, ok } from './fakeTransport';

type Holder = { window?: unknown; __idaasEarlyCalls?: unknown[] };
const global = globalThis as Holder;

const envelope = (code: string, data: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify({ code, message: code, data }), { status, headers: { 'content-type': 'application/json' } }));
const early = (url: string, answer: Promise<Response | null>, extra: Partial<{ method: string; language: string; at: number }> = {}) =>
  ({ method: 'POST', url, language: 'en', at: Date.now(), answer, ...extra });

function setup() {
  const fake = fakeTransport(() => ok({ from: 'server' }));
  const http = createHttp({ transport: withEarlyAnswers(fake.transport), instanceId: () => '', language: () => 'en', translate: (key) => key });
  return { http, sent: fake.sent };
}

describe('answers the home page asked for before its code arrived', () => {
  beforeEach(() => { global.window = globalThis; });
  afterEach(() => { delete global.__idaasEarlyCalls; delete global.window; });

  it('serves the first matching request from the early answer, and the next one from the server', async () => {
    global.__idaasEarlyCalls = [early('/personal/v1/home/content', envelope('D00000', { from: 'early' }))];
    const { http, sent } = setup();
    await expect(http.post('/personal/v1/home/content', {})).resolves.toEqual({ from: 'early' });
    expect(sent).toHaveLength(0);
    await expect(http.post('/personal/v1/home/content', {})).resolves.toEqual({ from: 'server' });
    expect(sent).toHaveLength(1);
  });

  it('turns an early refusal into the same ApiError the server would have caused', async () => {
    global.__idaasEarlyCalls = [early('/personal/v1/current-user-detail', envelope('E00009', null, 401))];
    const error = await setup().http.post('/personal/v1/current-user-detail', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'E00009', status: 401 });
  });

  it('asks the server when the early call was made in another language, with another body, long ago, or got no answer', async () => {
    global.__idaasEarlyCalls = [
      early('/personal/v1/today/num', envelope('D00000', { from: 'early' }), { at: Date.now() - 60_000 }),
      early('/personal/v1/home/content', envelope('D00000', { from: 'early' }), { language: 'zh-CN' }),
      early('/personal/v1/device/list', envelope('D00000', { from: 'early' })),
      early('/personal/v1/user-app/list-by-user', Promise.resolve(null)),
    ];
    const { http, sent } = setup();
    await expect(http.post('/personal/v1/today/num', {})).resolves.toEqual({ from: 'server' });
    await expect(http.post('/personal/v1/home/content', {})).resolves.toEqual({ from: 'server' });
    await expect(http.post('/personal/v1/device/list', { pageNum: 2 })).resolves.toEqual({ from: 'server' });
    await expect(http.post('/personal/v1/user-app/list-by-user', {})).resolves.toEqual({ from: 'server' });
    expect(sent.map((r) => r.url)).toEqual(['/idaas/personal/v1/today/num', '/idaas/personal/v1/home/content', '/idaas/personal/v1/device/list', '/idaas/personal/v1/user-app/list-by-user']);
  });
});
