import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { clientFor, DEMO_PASSWORD, passwordLogin, registrationCode, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';

const LOGIN = '/auth/v1/login-check';
const STOP_MOBILE = '/personal/v1/stop-mobile';

/** What the server does with TRUST_PROXY set to this value in the environment. */
const trustProxyOf = (value: string) => readConfig({ TRUST_PROXY: value }).trustProxy;

describe.each(storeCases())('request hygiene ($name)', (store) => {
  let client: Client;
  let token: string;
  beforeAll(async () => {
    client = await startClient(store, 'hygiene');
    token = await signIn(client, 'lisi');
    // Stopping the phone needs a recent re-authentication; the clock never moves in this file.
    const reauth = await client.post('/personal/v1/factors/reauth/password', { password: await client.encrypt(DEMO_PASSWORD) }, { token });
    expect(reauth.json().code).toBe('D00000');
  });
  afterAll(async () => { await client?.close(); });

  /** true when lisi's phone is stopped as a verification method. */
  const phoneStopped = async (): Promise<boolean> => (await client.post('/personal/v1/safety-score', {}, { token })).json().data.phoneEnabled;
  const rawPost = (url: string, payload: string, headers: Record<string, string>) =>
    client.app.inject({ method: 'POST', url, payload, headers: { cookie: `idaas_token=${token}`, ...headers } });

  describe('X-Client-Id guard', () => {
    const spellings = [
      `/%69daas${STOP_MOBILE}`,
      '/idaas/%70ersonal/v1/stop-mobile',
      '/idaas/personal/v1/stop%2Dmobile',
      '/%69%64%61%61%73/personal/v1/stop-mobile',
      '/idaas/personal/./v1/stop-mobile',
      `/idaas${STOP_MOBILE}/`,
    ];

    it.each(spellings)('reaches the route spelled %s only with the header', async (url) => {
      const before = await phoneStopped();
      const refused = await rawPost(url, '{}', { 'content-type': 'application/json' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('E00403');
      expect(await phoneStopped()).toBe(before);

      // The same spelling with the header does reach the route: the guard, not the router, refused it.
      const allowed = await rawPost(url, '{}', { 'content-type': 'application/json', 'x-client-id': 'idaas-portal-test' });
      expect(allowed.json().code).toBe('D00000');
      expect(await phoneStopped()).toBe(true);
      await client.post('/personal/v1/use-mobile', {}, { token });
    });

    it.each(['//idaas/personal/v1/stop-mobile', '/idaas//personal/v1/stop-mobile', '/IDAAS/personal/v1/stop-mobile'])('never runs %s without the header', async (url) => {
      const before = await phoneStopped();
      const res = await rawPost(url, '{}', { 'content-type': 'application/json' });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.json().code).not.toBe('D00000');
      expect(await phoneStopped()).toBe(before);
    });
  });

  describe('bodies are JSON only', () => {
    it.each(['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('answers a %s body with 400 E00001 and does nothing', async (type) => {
      const before = await phoneStopped();
      const res = await rawPost(`/idaas${STOP_MOBILE}`, '{}', { 'content-type': type, 'x-client-id': 'idaas-portal-test' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('E00001');
      expect(res.json().message).toMatch(/Unsupported Media Type/i);
      expect(await phoneStopped()).toBe(before);
    });

    it('refuses a text/plain body before looking at the session', async () => {
      const res = await client.app.inject({ method: 'POST', url: `/idaas${STOP_MOBILE}`, payload: '{}', headers: { 'content-type': 'text/plain', 'x-client-id': 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('E00001');
    });
  });

  describe('Cache-Control', () => {
    it('keeps every API answer out of caches: success, bad input, no session, forbidden, unknown path', async () => {
      const answers = [
        await client.post('/personal/v1/current-user-detail', {}, { token }),
        await client.get('/auth/v1/sm2_key'),
        await client.post('/auty/v1/apply/detail', { applyId: 'x' }, { token }),
        await client.post('/personal/v1/current-user-detail', {}),
        await client.app.inject({ method: 'POST', url: `/idaas${STOP_MOBILE}`, payload: {} }),
        await client.post('/nothing/here'),
        await client.app.inject({ method: 'POST', url: `/%69daas${STOP_MOBILE}`, payload: {} }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 400, 401, 403, 404, 403]);
      for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  it('accepts the Bearer scheme in any letter case', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await client.post('/personal/v1/current-user-detail', {}, { headers: { authorization: `${scheme} ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.userId).toBe('lisi');
    }
    const res = await client.post('/personal/v1/current-user-detail', {}, { headers: { authorization: 'Basic bGlzaTp4' } });
    expect(res.statusCode).toBe(401);
  });

  describe('bad input that used to reach the database', () => {
    const refused: [string, string, unknown][] = [
      ['a NUL in a search text', '/app/v1/appinfo/query-app-by-name', { appName: 'a\u0000b' }],
      ['a NUL in a group name filter', '/personal/v1/group/page-list', { groupName: '\u0000' }],
      ['a NUL in a ticket id', '/personal/v1/change-mobile/send-old-otp', { requestId: 'x\u0000' }],
      ['an applyId above 2^31-1', '/auty/v1/apply/detail', { applyId: 2 ** 31 }],
      ['an applyId as a huge numeric string', '/auty/v1/apply/terminated', { applyId: '99999999999' }],
      ['a groupId above 2^31-1', '/auty/v1/group/authority/user-direct-roles', { groupId: 2 ** 31 }],
      ['a roleIdSet entry above 2^31-1', '/auty/v1/group/authority/user-roles-terminated', { groupId: 1, roleIdSet: [2 ** 31] }],
      ['a role id above 2^31-1 in a request', '/auty/v1/apply/add', { appId: 'x', roleIdSet: [2 ** 31] }],
      ['a page number above 2^31-1', '/auty/v1/apply/page-list/by-apply-user-id', { pageNum: 2 ** 31 }],
      ['a log type above 2^31-1', '/personal/v1/operate/page-list', { logType: 2 ** 31 }],
    ];
    it.each(refused)('answers %s with 400 E00001', async (_label, path, body) => {
      const res = await client.post(path, body, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('E00001');
    });

    it('refuses a NUL in a sign-in device name and in path and query parameters', async () => {
      const login = await client.post(LOGIN, {
        userId: await client.encrypt('lisi'), password: await client.encrypt(DEMO_PASSWORD), deviceId: 'nul-device', deviceName: 'Chr\u0000me',
      });
      expect(login.statusCode).toBe(400);
      expect(login.json().message).toMatch(/deviceName/);
      expect((await client.get('/dev/sms?mobileNo=138%00')).statusCode).toBe(400);
      expect((await client.get('/auth/v1/sso/go/ab%00c', { token })).statusCode).toBe(400);
    });

    it('answers an applyIdList entry above 2^31-1 with 400 E00001 for an approver', async () => {
      const approver = await signIn(client, 'zhangsan');
      const res = await client.post('/auty/v1/apply/approval', { status: 1, applyIdList: [2 ** 31] }, { token: approver });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('E00001');
    });

    it('never takes device fields a route does not declare: a 60-character deviceName on apply-token is refused and not logged', async () => {
      const apps = (await client.post('/personal/v1/user-app/list-by-user', {}, { token })).json().data;
      const long = 'N'.repeat(60);
      const res = await client.post('/auth/v1/apply-token', { clientId: apps[0].clientId, deviceId: 'd'.repeat(100), deviceName: long }, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('E00001');
      const log = (await client.post('/personal/v1/login-history/page-list', { pageNum: 1, pageSize: 100 }, { token })).json().data.datas;
      expect(log.some((row: { deviceName: string | null }) => row.deviceName === long)).toBe(false);
    });
  });
});

describe.each(storeCases())('TRUST_PROXY ($name)', (store) => {
  it('takes a hop count or proxy addresses, and refuses true and nonsense at start-up', () => {
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.7,::1')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
    expect(() => trustProxyOf('true')).toThrow(/hop count|number of proxies/i);
    expect(() => trustProxyOf('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyOf('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });

  /** The address the server recorded for a sign-in from `remote` carrying this X-Forwarded-For. */
  async function seenAddress(client: Client, deviceId: string, remote: string, forwarded?: string): Promise<string | null> {
    const res = await passwordLogin(client, 'lisi', DEMO_PASSWORD, { deviceId }, remote, forwarded ? { 'x-forwarded-for': forwarded } : {});
    const session = sessionTokenOf(res);
    expect(session, res.body).toBeTruthy();
    const devices: { deviceId: string; lastIp: string | null }[] = (await client.post('/personal/v1/device/list', {}, { token: session })).json().data;
    return devices.find((d) => d.deviceId === deviceId)?.lastIp ?? null;
  }

  const FORGED = '6.6.6.6, 10.1.2.3';

  // The settings' apps share one store (a store each was five copies of the template a store):
  // each signs lisi in on devices of its own and reads back only those.
  let proxyStore: Promise<string> | undefined;
  const proxied = async (label: string, value: string) =>
    startClient(store, label, { trustProxy: trustProxyOf(value) }, undefined, await (proxyStore ??= store.seededUrl('proxy')));

  it.each([['1'], ['127.0.0.1'], ['127.0.0.0/8,10.9.0.0/16']])('with TRUST_PROXY=%s sees the address the trusted proxy added, never the forged leftmost one', async (value) => {
    const client = await proxied('proxy', value);
    try {
      expect(await seenAddress(client, `proxy-a-${value}`, '127.0.0.1', FORGED)).toBe('10.1.2.3');
      expect(await seenAddress(client, `proxy-b-${value}`, '127.0.0.1', '6.6.6.6')).toBe('6.6.6.6');
      expect(await seenAddress(client, `proxy-c-${value}`, '127.0.0.1')).toBe('127.0.0.1');
    } finally {
      await client.close();
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy, and by default', async () => {
    const listed = await proxied('proxylist', '127.0.0.1');
    const unset = await proxied('proxyoff', '');
    try {
      expect(await seenAddress(listed, 'direct-peer', '192.0.2.44', FORGED)).toBe('192.0.2.44');
      expect(await seenAddress(unset, 'no-proxy', '127.0.0.1', FORGED)).toBe('127.0.0.1');
    } finally {
      await listed.close();
      await unset.close();
    }
  });
});

describe.each(storeCases())('slow clients ($name)', (store) => {
  let client: Client;
  let port: number;
  beforeAll(async () => {
    client = await startClient(store, 'timeouts', { requestTimeoutSeconds: 1 });
    await client.app.listen({ port: 0, host: '127.0.0.1' });
    port = (client.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => { await client?.close(); });

  /** Sends `data`, then waits for the server to close the connection (or gives up after `limitMs`). */
  function heldFor(data: string, limitMs: number): Promise<{ closedAfterMs: number | null; answer: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let answer = '';
      const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write(data));
      socket.on('data', (chunk) => { answer += chunk.toString('latin1'); });
      const giveUp = setTimeout(() => { socket.destroy(); resolve({ closedAfterMs: null, answer }); }, limitMs);
      socket.on('close', () => { clearTimeout(giveUp); resolve({ closedAfterMs: Date.now() - started, answer }); });
      socket.on('error', () => undefined);
    });
  }

  it('closes a connection whose body never finishes within the request timeout', async () => {
    const head = 'POST /idaas/auth/v1/ip-check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Client-Id: t\r\nContent-Length: 100\r\n\r\n';
    const { closedAfterMs, answer } = await heldFor(`${head}{"sceneCode":`, 6000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(3500);
    // Node either answers 408 or just closes; it never answers the request as if it were whole.
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes a connection whose headers never finish within the request timeout', async () => {
    const { closedAfterMs, answer } = await heldFor('GET /idaas/auth/v1/sm2_key HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 6000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(3500);
    // Node either answers 408 or just closes; it never answers the request as if it were whole.
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('still answers a request that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/idaas/auth/v1/sm2_key`);
    expect(res.status).toBe(200);
  });
});

describe.each(storeCases())('the built app at / ($name)', (store) => {
  let dir: string;
  let client: Client;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'idaas-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta name="idaas-sm2" content=""></head><body><div id="root">portal</div></body></html>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    client = await startClient(store, 'spa', { staticDir: dir });
  });
  afterAll(async () => {
    await client?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html, with the SM2 key, at / and at client-side routes', async () => {
    for (const url of ['/', '/login', '/personal/home']) {
      const res = await client.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">portal</div>');
      expect(res.body).toMatch(/<meta name="idaas-sm2" content="[0-9a-f]{20,}">/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps long caching for hashed assets', async () => {
    const res = await client.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe.each(storeCases())('the built app with its signed-in page ($name)', (store) => {
  let dir: string;
  let client: Client;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'idaas-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta name="idaas-sm2" content=""></head><body>sign-in page</body></html>');
    writeFileSync(join(dir, 'app.html'), '<!doctype html><html><head><meta name="idaas-sm2" content=""></head><body>signed-in page</body></html>');
    client = await startClient(store, 'spaapp', { staticDir: dir });
  });
  afterAll(async () => {
    await client?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await client.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    expect(res.headers['cache-control'], url).toBe('no-cache');
    expect(res.body, url).toMatch(/<meta name="idaas-sm2" content="[0-9a-f]{20,}">/);
    return res.body;
  };

  it('serves the sign-in page its own page, query and trailing slash aside', async () => {
    for (const url of ['/login', '/login/', '/login?redirect=%2Finfo', '/login/?x=1']) expect(await page(url), url).toContain('sign-in page');
  });

  it('serves every other client-side route, and /, the signed-in page', async () => {
    for (const url of ['/', '/myApp', '/myApp?x=1', '/info', '/forgetPassword', '/loginx', '/login/extra', '/no-such-page']) expect(await page(url), url).toContain('signed-in page');
  });

  it('still answers unknown API paths with E00404', async () => {
    const res = await client.app.inject({ method: 'GET', url: '/idaas/no-such' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('E00404');
  });
});

describe.each(storeCases())('handlers that answer themselves ($name)', (store) => {
  const lines: string[] = [];
  let client: Client;
  beforeAll(async () => {
    const config = readConfig({ IDAAS_MODE: 'test', DATABASE_URL: await store.seededUrl('replylog') }, { staticDir: null });
    const app = await buildApp({ config, logger: true, logStream: { write: (line) => { lines.push(line); } } });
    client = clientFor(app);
  });
  afterAll(async () => { await client?.close(); });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  const alreadySent = () => lines.filter((l) => /already sent|FST_ERR_REP_ALREADY_SENT/i.test(l));

  it('launches an application by SSO without a second send', async () => {
    const token = await signIn(client, 'lisi');
    const apps = (await client.post('/personal/v1/user-app/list-by-user', {}, { token })).json().data;
    const res = await client.app.inject({ method: 'GET', url: `/idaas/auth/v1/sso/go/${encodeURIComponent(apps[0].clientId)}`, headers: { cookie: `idaas_token=${token}` } });
    expect(res.statusCode).toBe(302);
    await settle();
    expect(lines.some((l) => l.includes('request completed'))).toBe(true);
    expect(alreadySent()).toEqual([]);
  });

  it('registers an account without a second send, answering message SUCCESS', async () => {
    const res = await client.post('/personal/v1/add', {
      userId: 'hygiene.new', userName: 'New Person', mobileNo: '13911112222', password: await client.encrypt('Reg!stration9'), ...(await registrationCode(client, '13911112222')),
    }, { ip: '192.0.2.9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'D00000', message: 'SUCCESS' });
    await settle();
    expect(lines.some((l) => l.includes('/personal/v1/add'))).toBe(true);
    expect(alreadySent()).toEqual([]);
  });
});
