import { describe, expect, it } from 'vitest';
import { ApiError, CONNECTION_FAILED, isNetworkFailure, NETWORK_ERROR, refusalText, SILENT_CODES } from '../../src/shared/providers/apiError';
import { createHttp } from '../../src/shared/providers/http';
import { fakeTransport, ok, refused } from './fakeTransport';

type Reply = Parameters<typeof fakeTransport>[0] extends (req: never) => infer R ? R : never;

function setup(reply: Reply) {
  const fake = fakeTransport(() => reply);
  const http = createHttp({ transport: fake.transport, instanceId: () => '', language: () => 'en', translate: (key) => `t:${key}` });
  return { http, sent: fake.sent };
}

describe('http envelope handling', () => {
  it('resolves the data of a D00000 envelope', async () => {
    const { http, sent } = setup(ok({ pubX: 'a' }));
    await expect(http.post('/x', { a: 1 })).resolves.toEqual({ pubX: 'a' });
    expect(sent[0].headers['X-Instance-Id']).toBe('');
    expect(sent[0].headers['Accept-Language']).toBe('en');
  });

  it('rejects any other code with an ApiError carrying code, message, data and status', async () => {
    const { http } = setup(refused('E30058', 'Your password has expired', 400, { srmi: 's1' }));
    const error = (await http.post('/auth/v1/login-check').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'E30058', message: 'Your password has expired', data: { srmi: 's1' }, status: 400 });
  });

  it('also rejects a non-success code sent with HTTP 200, and uses the network text when the server sent none', async () => {
    await expect(setup({ body: { code: 'E00500', message: 'busy', data: null } }).http.post('/x')).rejects.toMatchObject({ code: 'E00500', message: 'busy', status: 200 });
    await expect(setup(refused('E00500', '', 500)).http.post('/x')).rejects.toMatchObject({ code: 'E00500', message: 't:errors.network' });
  });
});

describe('what a generic toast says about a failure (the caller decides whether to show it)', () => {
  it('keeps the spec list of silently handled codes (plus the session and ticket codes someone always explains)', () => {
    for (const code of ['E30127', 'E30058', 'E30067', 'E30054', 'E30057', 'E30065', 'E30053', 'E30051', 'E30002', 'E30055', 'E30056', 'E30075', 'E10802', 'E00009', 'E00013']) {
      expect(SILENT_CODES.has(code), code).toBe(true);
    }
    expect(SILENT_CODES.has('E00500')).toBe(false);
  });

  it('is the server text, except for silent codes, the caller\'s quiet ones and cancelled calls', () => {
    expect(refusalText(new ApiError('E00429', 'Too many requests'))).toBe('Too many requests');
    expect(refusalText(new ApiError('E00009', 'sign in'))).toBeNull();
    expect(refusalText(new ApiError('E00404', 'Not found'), ['E00404'])).toBeNull();
    expect(refusalText(new ApiError('CANCELLED', 'cancelled'))).toBeNull();
    expect(refusalText('not an error')).toBeNull();
  });
});

describe('http failures without an envelope', () => {
  it('connection failure: "server connection failed", a network failure', async () => {
    const error = await setup({ network: 'ERR_NETWORK' }).http.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: CONNECTION_FAILED, message: 't:errors.connectionFailed' });
    expect(isNetworkFailure(error)).toBe(true);
  });

  it('time-out: the network error text', async () => {
    const error = await setup({ network: 'ECONNABORTED' }).http.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: NETWORK_ERROR, message: 't:errors.network' });
    expect(isNetworkFailure(error)).toBe(true);
    expect(isNetworkFailure(new ApiError('E00500', 'busy'))).toBe(false);
  });

  it('an HTML page instead of JSON (wrong path, proxy down) is a network error', async () => {
    await expect(setup({ status: 200, body: '<!doctype html>' }).http.get('/x')).rejects.toMatchObject({ code: NETWORK_ERROR });
    await expect(setup({ status: 502, body: 'Bad gateway' }).http.get('/x')).rejects.toMatchObject({ code: NETWORK_ERROR, status: 502 });
  });

  it('sends GET bodies as query parameters and POST bodies as JSON', async () => {
    const { http, sent } = setup(ok(null));
    await http.get('/a', { q: 1 });
    await http.post('/b');
    expect(sent[0]).toMatchObject({ method: 'GET', params: { q: '1' } });
    expect(sent[1]).toMatchObject({ method: 'POST', body: {} });
    expect(sent[1].headers['X-Client-Id']).toBe('idaas-portal-web');
  });
});
