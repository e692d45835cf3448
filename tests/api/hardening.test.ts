import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { ROOMY_SMS_BUDGETS, signIn, startClient, storeCases, type Client } from './harness.js';
import { testSigningKeyPath } from './auditTrailSupport.js';

const LOGIN = '/auth/v1/login-check';

describe.each(storeCases())('bad input and request hygiene ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'hardening'); });
  afterAll(async () => { await client?.close(); });

  const malformed: [string, unknown][] = [
    ['missing fields', {}],
    ['wrong types', { userId: 1, password: true }],
    ['not hex', { userId: 'zz', password: 'zz' }],
    ['huge strings', { userId: 'a'.repeat(5000), password: 'b'.repeat(5000) }],
    ['unknown enum', { userId: 'ab', password: 'cd', loginType: 'TELEPATHY' }],
    ['an array body', [1, 2, 3]],
  ];
  it.each(malformed)('answers %s with 400 E00001 naming the field', async (_label, body) => {
    const res = await client.post(LOGIN, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('E00001');
    expect(res.json().message).toMatch(/userId|password|loginType|body/);
  });

  it('answers ciphertext that passes the schema but does not decrypt with 400 E00002 naming the field', async () => {
    const res = await client.post(LOGIN, { userId: 'abcdef', password: 'abcdef' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'E00002', message: '加密数据无法解密：userId' });
  });

  it('answers unparseable JSON with 400 E00001, never 500', async () => {
    const bad = await client.app.inject({ method: 'POST', url: `/idaas${LOGIN}`, payload: '{"userId":', headers: { 'content-type': 'application/json', 'x-client-id': 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('E00001');
  });

  it('answers a body over the limit with 413 E00413 in the envelope, in the caller\'s language', async () => {
    const huge = (headers: Record<string, string> = {}) => client.app.inject({
      method: 'POST', url: `/idaas${LOGIN}`, payload: JSON.stringify({ userId: 'a'.repeat(200_000) }), headers: { 'content-type': 'application/json', 'x-client-id': 'x', ...headers },
    });
    const zh = await huge();
    expect(zh.statusCode).toBe(413);
    expect(zh.json()).toEqual({ code: 'E00413', message: '请求内容过大', data: null });
    expect((await huge({ 'accept-language': 'en' })).json().message).toBe('The request is too large');
    // A signed-in call as well (the limit is checked before the session is looked at).
    const token = await signIn(client, 'lisi');
    const note = await client.post('/personal/v1/current-user-detail', { deviceName: 'n'.repeat(100_000) }, { token });
    expect([note.statusCode, note.json().code]).toEqual([413, 'E00413']);
  });

  it('answers an oversized consent form 413, and SCIM an oversized document 413 in its own error schema', async () => {
    const form = await client.app.inject({
      method: 'POST', url: '/oidc-interaction/some-uid/consent', payload: `csrf=${'c'.repeat(4096)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(413);
    expect(form.json().code).toBe('E00413');
    const scim = await client.app.inject({
      method: 'POST', url: '/scim/v2/Users', payload: JSON.stringify({ userName: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/scim+json', authorization: 'Bearer demo-scim-token' },
    });
    expect(scim.statusCode).toBe(413);
    expect(scim.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '413' });
    expect(scim.json().detail).toMatch(/^E00413: The request is too large/);
  });

  it('refuses a state-changing call without X-Client-Id (CSRF) before it does anything', async () => {
    const res = await client.app.inject({ method: 'POST', url: '/idaas/auth/v1/pacas/get-valid-code', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E00403');
  });

  it('answers protected calls without a session, or with a forged token, with 401 E00009', async () => {
    for (const token of [undefined, 'forged-token-value', 'x'.repeat(500)]) {
      const res = await client.post('/personal/v1/user-app/list-by-user', {}, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('E00009');
    }
  });

  it('answers unknown API paths with JSON E00404', async () => {
    const res = await client.post('/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('E00404');
  });

  it('sends security headers', async () => {
    const res = await client.get('/auth/v1/sm2_key');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers in English when the client asks for it', async () => {
    const res = await client.post(LOGIN, {}, { headers: { 'accept-language': 'en-US' } });
    expect(res.json().message).toMatch(/^Invalid input/);
  });

  it('keeps working sessions apart: the session of one user never reads as another', async () => {
    const a = await signIn(client, 'lisi');
    const b = await signIn(client, 'zhangsan');
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: a })).json().data.userId).toBe('lisi');
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: b })).json().data.userId).toBe('zhangsan');
  });
});

describe.each(storeCases())('integer fields take integers only ($name)', (store) => {
  let client: Client;
  let admin: string;
  let security: string;
  let auditor: string;
  beforeAll(async () => {
    client = await startClient(store, 'integers');
    [admin, security, auditor] = await Promise.all(['admin', 'secadmin', 'auditor'].map((account) => signIn(client, account)));
  });
  afterAll(async () => { await client?.close(); });

  /** What coercion used to read as record 1. */
  const ONE_IN_DISGUISE: unknown[] = [true, [1], [[1]], '1', '0x1', '1e0', '1.0', 1.0000001];
  const userOne = () => client.app.store.db.selectFrom('users').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const tokenOne = () => client.app.store.db.selectFrom('scim_tokens').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

  it('refuses users/reset-password {"id": true} and its kin with 400 E00001 naming id, and changes nothing', async () => {
    const before = await userOne();
    for (const id of ONE_IN_DISGUISE) {
      const res = await client.post('/admin/v1/users/reset-password', { id, mode: 'GENERATE' }, { token: admin });
      expect({ id, status: res.statusCode, code: res.json().code }).toEqual({ id, status: 400, code: 'E00001' });
      expect(res.json().message).toMatch(/\bid\b/);
    }
    expect(await userOne()).toEqual(before);
    // The administrator's own session (user 1 is the admin) was not ended either.
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: admin })).json().code).toBe('D00000');
  });

  it('refuses scim-tokens/revoke {"id": true} and its kin with 400 E00001, and the token still works', async () => {
    const before = await tokenOne();
    expect(before.revoked_at).toBeNull();
    for (const id of ONE_IN_DISGUISE) {
      const res = await client.post('/admin/v1/scim-tokens/revoke', { id }, { token: security });
      expect({ id, status: res.statusCode, code: res.json().code }).toEqual({ id, status: 400, code: 'E00001' });
    }
    expect(await tokenOne()).toEqual(before);
    const scim = await client.app.inject({ method: 'GET', url: '/scim/v2/ServiceProviderConfig', headers: { authorization: 'Bearer demo-scim-token' } });
    expect(scim.statusCode).toBe(200);
  });

  it('reads integer fields of a query string from plain decimal digits, and refuses other forms', async () => {
    const csv = await client.get(`/admin/v1/sign-in-log/export?startTime=0&endTime=${Date.now()}`, { token: auditor });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect((await client.get('/admin/v1/users/export?deptId=1', { token: admin })).statusCode).toBe(200);
    for (const deptId of ['true', '0x1', '1e0', '1.0', '', '01']) {
      const res = await client.get(`/admin/v1/users/export?deptId=${encodeURIComponent(deptId)}`, { token: admin });
      expect({ deptId, status: res.statusCode, code: res.json().code }).toEqual({ deptId, status: 400, code: 'E00001' });
    }
    // SCIM's list numbers are query integers too (a negative start is brought to 1, as RFC 7644 says).
    const scim = (qs: string) => client.app.inject({ method: 'GET', url: `/scim/v2/Users?${qs}`, headers: { authorization: 'Bearer demo-scim-token' } });
    expect((await scim('startIndex=-5&count=2')).statusCode).toBe(200);
    expect((await scim('count=0x2')).statusCode).toBe(400);
  });
});

describe.each(storeCases())('HSTS on HTTPS answers only ($name)', (store) => {
  const PROXY = '10.0.0.5';
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'hsts', {}, { ...ROOMY_SMS_BUDGETS, TRUST_PROXY: PROXY }); });
  afterAll(async () => { await client?.close(); });

  const hstsOf = async (url: string, remoteAddress: string, proto?: string, method: 'GET' | 'POST' = 'GET') => {
    const res = await client.app.inject({
      method, url, remoteAddress, ...(method === 'POST' ? { payload: {} } : {}),
      headers: { 'x-client-id': 'x', ...(proto ? { 'x-forwarded-proto': proto } : {}) },
    });
    return res.headers['strict-transport-security'];
  };
  // An API answer, a refusal, an unknown path, and the OIDC provider's own answer.
  const URLS: [string, 'GET' | 'POST'][] = [
    ['/idaas/auth/v1/sm2_key', 'GET'], ['/idaas/auth/v1/login-check', 'POST'], ['/idaas/nothing/here', 'GET'], ['/oidc/.well-known/openid-configuration', 'GET'],
  ];

  it.each(URLS)('%s sends max-age of a year through the trusted proxy when it says https', async (url, method) => {
    const hsts = await hstsOf(url, PROXY, 'https', method);
    expect(hsts).toMatch(/^max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(String(hsts))![1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it.each(URLS)('%s sends none when an untrusted client claims https, or over plain HTTP', async (url, method) => {
    expect(await hstsOf(url, '203.0.113.9', 'https', method)).toBeUndefined();
    expect(await hstsOf(url, PROXY, 'http', method)).toBeUndefined();
    expect(await hstsOf(url, PROXY, undefined, method)).toBeUndefined();
    expect(await hstsOf(url, '203.0.113.9', undefined, method)).toBeUndefined();
  });

  it('believes no X-Forwarded-Proto at all without TRUST_PROXY', async () => {
    const plain = await startClient(store, 'hsts-noproxy');
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/idaas/auth/v1/sm2_key', remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe.each(storeCases())('production mode ($name)', (store) => {
  it('refuses to start without an SMS gateway', () => {
    expect(() => readConfig({ IDAAS_MODE: 'production' })).toThrow(/SMS_GATEWAY_URL/);
  });

  it('exposes no dev endpoints and seeds no demo users', async () => {
    const config = readConfig({ IDAAS_MODE: 'production', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms', AUDIT_SIGNING_KEY: testSigningKeyPath(), DATABASE_URL: store.url('prod') }, { staticDir: null });
    const app = await buildApp({ config });
    try {
      const dev = await app.inject({ method: 'GET', url: '/idaas/dev/captcha?capKey=x' });
      expect(dev.statusCode).toBe(404);
      const users = await app.store.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
