import { describe, expect, it } from 'vitest';
import { ApiError, CONNECTION_FAILED, NETWORK_ERROR } from '../../src/providers/apiError';
import { createHttp, SILENT_CODES } from '../../src/providers/http';
import { fakeAdapter, ok, refused } from './fakeAdapter';

type Reply = Parameters<typeof fakeAdapter>[0] extends (req: never) => infer R ? R : never;

function setup(reply: Reply) {
  const fake = fakeAdapter(() => reply);
  const toasts: { text: string; seconds?: number }[] = [];
  const http = createHttp({
    adapter: fake.adapter,
    instanceId: () => '',
    language: () => 'en',
    notifyError: (text, seconds) => toasts.push({ text, seconds }),
    translate: (key) => `t:${key}`,
  });
  return { http, toasts, sent: fake.sent };
}

describe('http envelope handling', () => {
  it('resolves the data of a D00000 envelope', async () => {
    const { http, sent } = setup(ok({ pubX: 'a' }));
    await expect(http.post('/x', { a: 1 })).resolves.toEqual({ pubX: 'a' });
    expect(sent[0].headers['X-Instance-Id']).toBe('');
    expect(sent[0].headers['Accept-Language']).toBe('en');
  });

  it('rejects any other code with an ApiError carrying code, message, data and status', async () => {
    const { http, toasts } = setup(refused('E30058', 'Your password has expired', 400, { srmi: 's1' }));
    const error = (await http.post('/auth/v1/login-check').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'E30058', message: 'Your password has expired', data: { srmi: 's1' }, status: 400 });
    // E30058 is one of the codes the login page shows itself.
    expect(toasts).toEqual([]);
  });

  it('also rejects a non-success code sent with HTTP 200', async () => {
    const { http, toasts } = setup({ body: { code: 'E00500', message: 'busy', data: null } });
    await expect(http.post('/x')).rejects.toMatchObject({ code: 'E00500', status: 200 });
    expect(toasts).toEqual([{ text: 'busy', seconds: undefined }]);
  });

  it('toasts other refusals with the server message, or the network text when there is none', async () => {
    const a = setup(refused('E00429', 'Too many requests', 429));
    await a.http.post('/x').catch(() => undefined);
    expect(a.toasts.map((t) => t.text)).toEqual(['Too many requests']);
    const b = setup(refused('E00500', '', 500));
    await b.http.post('/x').catch(() => undefined);
    expect(b.toasts.map((t) => t.text)).toEqual(['t:errors.network']);
  });

  it('keeps the spec list of silently handled codes (plus the session codes the auth provider owns)', () => {
    for (const code of ['E30127', 'E30058', 'E30067', 'E30054', 'E30057', 'E30065', 'E30053', 'E30051', 'E30002', 'E30055', 'E30056', 'E30075', 'E10802', 'E00009', 'E00013']) {
      expect(SILENT_CODES.has(code), code).toBe(true);
    }
    expect(SILENT_CODES.has('E00500')).toBe(false);
  });

  it('honours per-call silence', async () => {
    const a = setup(refused('E00404', 'Not found', 404));
    await a.http.post('/x', {}, { silent: ['E00404'] }).catch(() => undefined);
    await a.http.post('/x', {}, { silent: true }).catch(() => undefined);
    expect(a.toasts).toEqual([]);
  });
});

describe('http failures without an envelope', () => {
  it('connection failure: "server connection failed" for 5 seconds', async () => {
    const { http, toasts } = setup({ network: 'ERR_NETWORK' });
    await expect(http.get('/x')).rejects.toMatchObject({ code: CONNECTION_FAILED, message: 't:errors.connectionFailed' });
    expect(toasts).toEqual([{ text: 't:errors.connectionFailed', seconds: 5 }]);
  });

  it('time-out: the network error text for 5 seconds', async () => {
    const { http, toasts } = setup({ network: 'ECONNABORTED' });
    await expect(http.get('/x')).rejects.toMatchObject({ code: NETWORK_ERROR });
    expect(toasts).toEqual([{ text: 't:errors.network', seconds: 5 }]);
  });

  it('an HTML page instead of JSON (wrong path, proxy down) is a network error', async () => {
    const { http, toasts } = setup({ status: 200, body: '<!doctype html>' });
    await expect(http.get('/x')).rejects.toMatchObject({ code: NETWORK_ERROR });
    expect(toasts).toHaveLength(1);
    const bad = setup({ status: 502, body: 'Bad gateway' });
    await expect(bad.http.get('/x')).rejects.toMatchObject({ code: NETWORK_ERROR, status: 502 });
  });

  it('sends GET bodies as query parameters and POST bodies as JSON', async () => {
    const { http, sent } = setup(ok(null));
    await http.get('/a', { q: 1 });
    await http.post('/b');
    expect(sent[0]).toMatchObject({ method: 'GET', params: { q: 1 } });
    expect(sent[1]).toMatchObject({ method: 'POST', body: {} });
    expect(sent[1].headers['X-Client-Id']).toBe('idaas-portal-web');
  });
});
