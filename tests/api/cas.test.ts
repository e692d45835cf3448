import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, storeCases } from './harness.js';
import {
  Browser, casLogin, createCasApp, failureCode, signInThere, startCas, userOf, validate, valuesOf, type CasServer,
} from './casFlow.js';
import { accessLog, signedInBrowser } from './oidcFlow.js';

const DEMO_SERVICE = 'http://127.0.0.1:8768/';

describe.each(storeCases())('CAS 3.0 server: login and validation ($name)', (store) => {
  let server: CasServer;
  beforeAll(async () => {
    server = await startCas(store, 'cas');
  });
  afterAll(async () => {
    await server?.client.close();
  });

  const browserOf = async (account: string) => (await signedInBrowser({ ...server, issuer: '' }, account)).browser;

  it('a signed-in user goes straight back with a ticket; p3/serviceValidate answers XML and JSON with the attributes', async () => {
    const app = await createCasApp(server.client, { grant: ['lisi'], roles: { lisi: ['CAS_USER', 'CAS_EDITOR'] } });
    const browser = await browserOf('lisi');
    const service = `${app.service}home?x=1`;
    const login = await casLogin(server, browser, service);
    expect(login.visited).toHaveLength(1);
    expect(login.landed!.toString().startsWith(`${service}&ticket=ST-`)).toBe(true);
    expect(login.ticket).toMatch(/^ST-[A-Za-z0-9_-]{32,}$/);

    const xml = await validate(server, '/p3/serviceValidate', { ticket: login.ticket!, service });
    expect(xml.status).toBe(200);
    expect(xml.type).toContain('xml');
    expect(xml.body).toContain('<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">');
    expect(xml.body).toContain('<cas:authenticationSuccess>');
    expect(userOf(xml.body)).toBe('lisi');
    expect(valuesOf(xml.body, 'account')).toEqual(['lisi']);
    expect(valuesOf(xml.body, 'roles')).toEqual(['CAS_EDITOR', 'CAS_USER']);
    expect(valuesOf(xml.body, 'name')).toHaveLength(1);
    expect(valuesOf(xml.body, 'isFromNewLogin')).toEqual(['false']);
    expect(valuesOf(xml.body, 'longTermAuthenticationRequestTokenUsed')).toEqual(['false']);
    expect(Date.parse(valuesOf(xml.body, 'authenticationDate')[0])).toBeGreaterThan(0);

    const again = await casLogin(server, browser, service);
    const json = await validate(server, '/p3/serviceValidate', { ticket: again.ticket!, service, format: 'JSON' });
    expect(json.type).toContain('json');
    const success = JSON.parse(json.body).serviceResponse.authenticationSuccess;
    expect(success.user).toBe('lisi');
    expect(success.attributes).toMatchObject({ account: 'lisi', roles: ['CAS_EDITOR', 'CAS_USER'], isFromNewLogin: 'false' });
    expect(success).not.toHaveProperty('proxyGrantingTicket');

    // Each issued ticket is an access in lisi's log.
    const log = await accessLog(server.client, app.appRef);
    expect(log.filter((r) => r.account === 'lisi' && r.is_success === 1)).toHaveLength(2);
  });

  it('/serviceValidate (CAS 2) answers without attributes; /validate (CAS 1) answers yes and the account', async () => {
    const app = await createCasApp(server.client, { roles: { lisi: ['R'] } });
    const browser = await browserOf('lisi');
    const v2 = await validate(server, '/serviceValidate', { ticket: (await casLogin(server, browser, app.service)).ticket!, service: app.service });
    expect(userOf(v2.body)).toBe('lisi');
    expect(v2.body).not.toContain('<cas:attributes>');
    const v1 = await validate(server, '/validate', { ticket: (await casLogin(server, browser, app.service)).ticket!, service: app.service });
    expect(v1.body).toBe('yes\nlisi\n');
    expect((await validate(server, '/validate', { ticket: 'ST-nothing', service: app.service })).body).toBe('no\n\n');
  });

  it('someone not signed in goes through the portal sign-in page and comes back with a ticket from a new login', async () => {
    const app = await createCasApp(server.client);
    const browser = new Browser(server.base);
    const first = await casLogin(server, browser, app.service);
    expect(first.landed).toBeNull();
    expect(first.stoppedAt.pathname).toBe('/login');
    expect(first.stoppedAt.searchParams.get('appId')).toBe(app.appId);
    expect(first.stoppedAt.searchParams.get('redirect')).toMatch(/^\/cas\/login\?service=/);
    const done = await signInThere(server, browser, first.stoppedAt, 'lisi');
    expect(done.ticket).toMatch(/^ST-/);
    const xml = (await validate(server, '/p3/serviceValidate', { ticket: done.ticket!, service: app.service })).body;
    expect(valuesOf(xml, 'isFromNewLogin')).toEqual(['true']);
  });

  it('renew: the old sign-in is not enough; a sign-in made after the request is, and only such a ticket passes renew at validation', async () => {
    const app = await createCasApp(server.client);
    const browser = await browserOf('lisi');
    const plain = await casLogin(server, browser, app.service);
    const refused = await validate(server, '/serviceValidate', { ticket: plain.ticket!, service: app.service, renew: 'true' });
    expect(failureCode(refused.body)).toBe('INVALID_TICKET');

    server.client.clock.advance(1000);
    const renewing = await casLogin(server, browser, app.service, { renew: 'true' });
    expect(renewing.landed).toBeNull();
    expect(renewing.stoppedAt.pathname).toBe('/login');
    // A forged arrival time in the return path is not believed: it is the request's time again.
    const forged = new URL(renewing.stoppedAt.searchParams.get('redirect')!, server.base);
    forged.searchParams.set('since', '1.00000000000000000000000000000000');
    expect((await browser.follow(forged.toString())).url.pathname).toBe('/login');

    const done = await signInThere(server, browser, renewing.stoppedAt, 'lisi');
    expect(done.ticket).toMatch(/^ST-/);
    const ok = await validate(server, '/p3/serviceValidate', { ticket: done.ticket!, service: app.service, renew: 'true' });
    expect(userOf(ok.body)).toBe('lisi');
    expect(valuesOf(ok.body, 'isFromNewLogin')).toEqual(['true']);
  });

  it('gateway: not signed in goes back to the service without a ticket and without a page; signed in gets a ticket', async () => {
    const app = await createCasApp(server.client);
    const anonymous = await casLogin(server, new Browser(server.base), app.service, { gateway: 'true' });
    expect(anonymous.landed?.toString()).toBe(app.service);
    expect(anonymous.ticket).toBeNull();
    const signedIn = await casLogin(server, await browserOf('lisi'), app.service, { gateway: 'true' });
    expect(signedIn.ticket).toMatch(/^ST-/);
  });

  it('an unregistered or malformed service gets no ticket and no redirect, but a page in the reader\'s language', async () => {
    const browser = await browserOf('lisi');
    const cases: [string, number][] = [
      ['http://127.0.0.1:8768.evil.com/', 400],
      ['http://127.0.0.1.evil.com:8768/', 403],
      ['http://127.0.0.1:87680/', 400],
      ['https://127.0.0.1:8768/', 403],
      ['http://127.0.0.1:8769/', 403],
      ['http://lisi:pw@127.0.0.1:8768/', 400],
      ['http://127.0.0.1:8768/#frag', 400],
      ['javascript:alert(1)//127.0.0.1:8768/', 400],
      ['//127.0.0.1:8768/', 400],
      ['http://evil.example/?http://127.0.0.1:8768/', 403],
    ];
    for (const [service, status] of cases) {
      const res = await browser.request(`/cas/login?${new URLSearchParams({ service }).toString()}`);
      expect(res.status, service).toBe(status);
      expect(res.headers.get('location'), service).toBeNull();
      const html = await res.text();
      expect(html).not.toContain('ticket=');
      expect(html).not.toContain('evil');
    }
    const en = await browser.request(`/cas/login?${new URLSearchParams({ service: 'http://unknown.example/' }).toString()}`, { headers: { 'accept-language': 'en' } });
    expect(await en.text()).toContain('Application not registered');
    const zh = await browser.request(`/cas/login?${new URLSearchParams({ service: 'http://unknown.example/' }).toString()}`);
    expect(await zh.text()).toContain('应用未注册');
    // The demo's prefix covers what is below it, query and all.
    const demo = await casLogin(server, browser, `${DEMO_SERVICE}app?x=1`);
    expect(demo.ticket).toMatch(/^ST-/);
  });

  it('a prefix matches at a path boundary, an exact entry only itself, and the longest registration decides', async () => {
    const browser = await browserOf('lisi');
    const base = `http://127.0.0.1:9/${Date.now().toString(36)}`;
    await createCasApp(server.client, { patterns: [{ url: `${base}/app`, match: 'prefix' }, { url: `${base}/exact?a=1`, match: 'exact' }] });
    const status = async (service: string) => (await browser.request(`/cas/login?${new URLSearchParams({ service }).toString()}`)).status;
    expect(await status(`${base}/app`)).toBe(302);
    expect(await status(`${base}/app/x`)).toBe(302);
    expect(await status(`${base}/app?y=2`)).toBe(302);
    expect(await status(`${base}/appx`)).toBe(403);
    expect(await status(`${base}/exact?a=1`)).toBe(302);
    expect(await status(`${base}/exact?a=1&b=2`)).toBe(403);
    expect(await status(`${base}/exact`)).toBe(403);

    // Under a prefix lisi may use, a longer one belongs to an application she may not.
    await createCasApp(server.client, { patterns: [{ url: `${base}/app/admin/`, match: 'prefix' }], grant: ['zhangsan'] });
    const admin = await casLogin(server, browser, `${base}/app/admin/panel`);
    expect(admin.ticket).toBeNull();
    expect(admin.stoppedAt.pathname).toBe('/permissionsNone');
  });

  it('no permission: the refusal page, no ticket, and a refused launch in the log (emp0001 on the demo service)', async () => {
    const browser = await browserOf('emp0001');
    const login = await casLogin(server, browser, DEMO_SERVICE);
    expect(login.ticket).toBeNull();
    expect(login.stoppedAt.pathname).toBe('/permissionsNone');
    expect(login.stoppedAt.searchParams.get('appId')).toBe('demo-cas');
    const demo = await server.client.app.store.db.selectFrom('apps').select('id').where('app_id', '=', 'demo-cas').executeTakeFirstOrThrow();
    const log = await accessLog(server.client, demo.id);
    expect(log.some((r) => r.account === 'emp0001' && r.is_success === 0)).toBe(true);
  });

  it('an application requiring a second factor sends the browser to it, with this login as the way back', async () => {
    const app = await createCasApp(server.client, { secondAuth: true });
    const login = await casLogin(server, await browserOf('lisi'), app.service);
    expect(login.ticket).toBeNull();
    const factor = login.visited.find((step) => step.startsWith('/idaas/auth/v1/sign-on/second-factor?'));
    expect(factor).toBeDefined();
    expect(new URLSearchParams(factor!.split('?')[1]).get('back')).toMatch(/^\/cas\/login\?service=/);
  });

  it('a disabled application or user gets no ticket', async () => {
    const disabled = await createCasApp(server.client, { enabled: false });
    const lisi = await casLogin(server, await browserOf('lisi'), disabled.service);
    expect(lisi.ticket).toBeNull();
    expect(lisi.stoppedAt.pathname).toBe('/permissionsNone');

    const app = await createCasApp(server.client, { grant: ['zhaoliu'] });
    const browser = await browserOf('zhaoliu');
    const db = server.client.app.store.db;
    await db.updateTable('users').set({ enabled: 0 }).where('user_id', '=', 'zhaoliu').execute();
    try {
      const login = await casLogin(server, browser, app.service);
      expect(login.ticket).toBeNull();
      expect(login.landed).toBeNull();
    } finally {
      await db.updateTable('users').set({ enabled: 1 }).where('user_id', '=', 'zhaoliu').execute();
    }
  });

  it('a ticket is bound to its service: validated for another it fails and is burnt', async () => {
    const a = await createCasApp(server.client);
    const b = await createCasApp(server.client);
    const browser = await browserOf('lisi');
    const { ticket } = await casLogin(server, browser, a.service);
    expect(failureCode((await validate(server, '/serviceValidate', { ticket: ticket!, service: b.service })).body)).toBe('INVALID_SERVICE');
    expect(failureCode((await validate(server, '/serviceValidate', { ticket: ticket!, service: a.service })).body)).toBe('INVALID_TICKET');
  });

  it('a ticket works once: a replay fails, and of 20 validations sent at once exactly one succeeds', async () => {
    const app = await createCasApp(server.client);
    const browser = await browserOf('lisi');
    const first = await casLogin(server, browser, app.service);
    expect(userOf((await validate(server, '/serviceValidate', { ticket: first.ticket!, service: app.service })).body)).toBe('lisi');
    expect(failureCode((await validate(server, '/serviceValidate', { ticket: first.ticket!, service: app.service })).body)).toBe('INVALID_TICKET');

    const { ticket } = await casLogin(server, browser, app.service);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      validate(server, i % 2 ? '/p3/serviceValidate' : '/serviceValidate', { ticket: ticket!, service: app.service })));
    expect(answers.filter((a) => userOf(a.body) === 'lisi')).toHaveLength(1);
    expect(answers.filter((a) => failureCode(a.body) === 'INVALID_TICKET')).toHaveLength(19);
  });

  it('a ticket expires 10 seconds after it was issued', async () => {
    const app = await createCasApp(server.client);
    const browser = await browserOf('lisi');
    const { ticket } = await casLogin(server, browser, app.service);
    server.client.clock.advance(10_001);
    expect(failureCode((await validate(server, '/serviceValidate', { ticket: ticket!, service: app.service })).body)).toBe('INVALID_TICKET');
    const fresh = await casLogin(server, browser, app.service);
    server.client.clock.advance(9_000);
    expect(userOf((await validate(server, '/serviceValidate', { ticket: fresh.ticket!, service: app.service })).body)).toBe('lisi');
  });

  it('bad requests are answered in the protocol: INVALID_REQUEST, unknown tickets INVALID_TICKET, in XML or JSON', async () => {
    expect(failureCode((await validate(server, '/serviceValidate', { service: DEMO_SERVICE })).body)).toBe('INVALID_REQUEST');
    expect(failureCode((await validate(server, '/p3/serviceValidate', { ticket: 'ST-x' })).body)).toBe('INVALID_REQUEST');
    const json = await validate(server, '/p3/serviceValidate', { ticket: 'ST-unknown', service: DEMO_SERVICE, format: 'JSON' });
    expect(JSON.parse(json.body).serviceResponse.authenticationFailure).toMatchObject({ code: 'INVALID_TICKET', description: expect.any(String) });
    const long = await validate(server, '/serviceValidate', { ticket: `ST-${'a'.repeat(5000)}`, service: DEMO_SERVICE });
    expect(long.status).toBe(200);
    expect(failureCode(long.body)).toBe('INVALID_REQUEST');
  });

  it('every value is XML-escaped; JSON gives it back as it is', async () => {
    const db = server.client.app.store.db;
    const weird = `赵<六>&"'`;
    const before = await db.selectFrom('users').select(['user_name', 'email']).where('user_id', '=', 'zhangsan').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ user_name: weird, email: 'a&b<c>@example.com' }).where('user_id', '=', 'zhangsan').execute();
    try {
      const app = await createCasApp(server.client, { grant: ['zhangsan'], roles: { zhangsan: ['R<&>'] } });
      const browser = await browserOf('zhangsan');
      const xml = (await validate(server, '/p3/serviceValidate', { ticket: (await casLogin(server, browser, app.service)).ticket!, service: app.service })).body;
      expect(xml).toContain('<cas:name>赵&lt;六&gt;&amp;&quot;&apos;</cas:name>');
      expect(xml).toContain('<cas:email>a&amp;b&lt;c&gt;@example.com</cas:email>');
      expect(xml).toContain('<cas:roles>R&lt;&amp;&gt;</cas:roles>');
      const json = await validate(server, '/p3/serviceValidate', { ticket: (await casLogin(server, browser, app.service)).ticket!, service: app.service, format: 'JSON' });
      expect(JSON.parse(json.body).serviceResponse.authenticationSuccess.attributes).toMatchObject({ name: weird, roles: ['R<&>'] });
    } finally {
      await db.updateTable('users').set(before).where('user_id', '=', 'zhangsan').execute();
    }
  });

  it('"my apps" launches the demo CAS application at its home, with no code appended', async () => {
    const token = await signIn(server.client, 'lisi');
    const res = await server.client.get('/auth/v1/sso/go/demo-cas', { token });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(DEMO_SERVICE);
  });

  it('/cas/logout ends the portal session and goes to the service only when it is registered', async () => {
    const app = await createCasApp(server.client);
    const { browser, token } = await signedInBrowser({ ...server, issuer: '' }, 'lisi');
    const alive = async (t: string) => (await server.client.post('/personal/v1/current-user-detail', {}, { token: t })).json().code === 'D00000';
    const out = await browser.request(`/cas/logout?${new URLSearchParams({ service: `${app.service}bye` }).toString()}`);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`${app.service}bye`);
    expect(await alive(token)).toBe(false);
    expect(browser.cookie('idaas_token')).toBeUndefined();

    const second = await signedInBrowser({ ...server, issuer: '' }, 'lisi');
    const page = await second.browser.request(`/cas/logout?${new URLSearchParams({ service: 'http://evil.example/' }).toString()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('location')).toBeNull();
    expect(await alive(second.token)).toBe(false);
  });
});

describe('CAS 3.0 server in the API document', () => {
  it('lists every /cas endpoint', async () => {
    const { openApiDocument } = await import('../../server/docs/openapi.js');
    const paths = openApiDocument(false).paths as Record<string, { get?: { tags?: string[] } }>;
    for (const path of ['/cas/login', '/cas/logout', '/cas/validate', '/cas/serviceValidate', '/cas/proxyValidate', '/cas/p3/serviceValidate', '/cas/p3/proxyValidate', '/cas/proxy']) {
      expect(paths[path]?.get?.tags, path).toEqual(['cas']);
    }
  });
});
