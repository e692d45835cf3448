import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';
import { adminApi } from './adminHarness.js';
import { startUpstreamOidc, type UpstreamOidc } from '../support/upstreamOidc.js';
import { startFakeOidc, type FakeOidc } from '../support/upstreamFake.js';

const CALLBACK_PATH = '/idaas/auth/v1/upstream/callback';

/** A provider as the workbench saves it, with this test's choices. */
function providerBody(code: string, discoveryUrl: string, clientId: string, clientSecret: string, extra: Record<string, unknown> = {}) {
  return {
    code, name: `Corp ${code}`, kind: 'OIDC', enabled: true, settings: { discoveryUrl, clientId, scopes: 'openid profile email' }, clientSecret,
    linkRule: 'EMAIL', askBind: false, jit: false, providerMfa: false, appIds: null, sortOrder: 0, ...extra,
  };
}

describe.each(storeCases())('sign-in through another identity provider ($name)', (store) => {
  let client: Client;
  let admin: string;
  let upstream: UpstreamOidc;
  let fake: FakeOidc;
  const api = adminApi(() => client, () => admin);

  beforeAll(async () => {
    client = await startClient(store, 'upstream');
    admin = await signIn(client, 'admin');
    upstream = await startUpstreamOidc(`${client.app.config.publicUrl}${CALLBACK_PATH}`);
    fake = await startFakeOidc('fake-client-secret');
    upstream.accounts.set('alice', { sub: 'alice-1', email: 'lisi@corp.example.com', email_verified: true, name: 'Alice Upstream', preferred_username: 'alice' });
    upstream.accounts.set('bob', { sub: 'bob-1', email: 'bob@elsewhere.example', email_verified: true, name: 'Bob Upstream' });
    upstream.accounts.set('mallory', { sub: 'mallory-1', email: 'zhangsan@corp.example.com', email_verified: false, name: 'Mallory' });
    upstream.accounts.set('carol', { sub: 'carol-1', email: 'carol@newcomer.example', email_verified: true, name: 'Carol New', preferred_username: 'carol.new' });
    upstream.accounts.set('zhaoliu', { sub: 'zhaoliu-1', preferred_username: 'zhaoliu', name: 'Zhao Liu' });
    await api.ok('/upstream-providers/create', providerBody('corp', upstream.discoveryUrl, upstream.clientId, upstream.clientSecret, { askBind: true }));
    await api.ok('/upstream-providers/create', providerBody('corp-jit', upstream.discoveryUrl, upstream.clientId, upstream.clientSecret, { jit: true }));
    await api.ok('/upstream-providers/create', providerBody('corp-strict', upstream.discoveryUrl, upstream.clientId, upstream.clientSecret));
    await api.ok('/upstream-providers/create', providerBody('corp-mfa', upstream.discoveryUrl, upstream.clientId, upstream.clientSecret, { linkRule: 'ACCOUNT', providerMfa: true }));
    await api.ok('/upstream-providers/create', providerBody('corp-nomfa', upstream.discoveryUrl, upstream.clientId, upstream.clientSecret, { linkRule: 'ACCOUNT' }));
    await api.ok('/upstream-providers/create', providerBody('fake', fake.discoveryUrl, fake.clientId, 'fake-client-secret', { jit: true }));
  });
  afterAll(async () => {
    await client?.close();
    await upstream?.stop();
    await fake?.stop();
  });

  /** The browser at /login pressing a provider's button: where it is sent, and the cookie tying the trip to it. */
  async function leave(provider: string, query: Record<string, string> = {}) {
    const res = await client.get(`/auth/v1/upstream/start?${new URLSearchParams({ provider, ...query })}`);
    expect(res.statusCode, res.body).toBe(302);
    return { location: String(res.headers.location), cookie: res.cookies.find((c) => c.name === 'idaas_upstream')?.value };
  }
  /** The provider's redirect arriving back at the portal: where the portal sends the browser next. */
  async function arrive(callbackUrl: string, cookie: string | undefined): Promise<URL> {
    const url = new URL(callbackUrl);
    const res = await client.get(`${url.pathname.slice('/idaas'.length)}${url.search}`, { headers: cookie ? { cookie: `idaas_upstream=${cookie}` } : {} });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(String(res.headers.location), 'http://portal.test');
  }
  const finish = (ticket: string | null) => client.post('/auth/v1/upstream/finish', { ticket, deviceId: 'upstream-device' });

  /** A whole trip through the real upstream provider as `account`, up to the sign-in page's finish call. */
  async function through(provider: string, account: string, amr?: string[], query: Record<string, string> = {}) {
    upstream.next.account = account;
    upstream.next.amr = amr;
    const { location, cookie } = await leave(provider, query);
    const landed = await arrive(await upstream.signIn(location), cookie);
    expect(landed.searchParams.get('upstreamError')).toBeNull();
    return { landed, res: await finish(landed.searchParams.get('upstream')) };
  }

  it('shows enabled providers as sign-in buttons, and keeps secrets out of the workbench list', async () => {
    const buttons = (await client.get('/auth/v1/upstream/providers')).json().data;
    expect(buttons.map((b: { code: string }) => b.code)).toEqual(expect.arrayContaining(['corp', 'corp-jit', 'fake']));
    const list = await api.ok('/upstream-providers/list', {});
    const corp = list.find((p: { code: string }) => p.code === 'corp');
    expect(corp).toMatchObject({ hasSecret: true, kind: 'OIDC', askBind: true });
    expect(JSON.stringify(list)).not.toContain(upstream.clientSecret);
    const row = await client.app.store.db.selectFrom('upstream_providers').select('secret_sealed').where('code', '=', 'corp').executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(upstream.clientSecret);
    const [audit] = await api.audits('ADMIN_UPSTREAM_CREATE', 'upstream:corp');
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain(upstream.clientSecret);
  });

  it('refuses a provider whose discovery document cannot be read, and a taken code', async () => {
    const bad = await api.post('/upstream-providers/create', providerBody('broken', 'http://127.0.0.1:9/.well-known/openid-configuration', 'x', 'y'));
    expect(bad.json().code).toBe('E60106');
    const taken = await api.post('/upstream-providers/create', providerBody('corp', upstream.discoveryUrl, upstream.clientId, upstream.clientSecret));
    expect(taken.json().code).toBe('E60105');
    const noSecret = await api.post('/upstream-providers/create', { ...providerBody('nosecret', upstream.discoveryUrl, upstream.clientId, 'x'), clientSecret: undefined });
    expect(noSecret.json().code).toBe('E60106');
  });

  it('sends the browser with state, nonce and an S256 PKCE challenge', async () => {
    const { location, cookie } = await leave('corp');
    const url = new URL(location);
    expect(url.origin).toBe(upstream.issuer);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)?.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${client.app.config.publicUrl}${CALLBACK_PATH}`);
    expect(cookie).toBeTruthy();
  });

  it('links by a verified email on the first sign-in, then signs straight in; the link shows in the personal centre', async () => {
    const first = await through('corp', 'alice', undefined, { redirect: '/myApp' });
    expect(first.landed.pathname).toBe('/login');
    expect(first.landed.searchParams.get('redirect')).toBe('/myApp');
    expect(first.res.json()).toMatchObject({ code: 'D00000', data: { kind: 'signedIn', response: { userId: 'lisi' }, providerName: 'Corp corp', upstreamName: 'Alice Upstream' } });
    const token = sessionTokenOf(first.res);
    expect(token).toBeDefined();
    const links = (await client.post('/personal/v1/social-auth/page-list', { pageNum: 1, pageSize: 10 }, { token })).json().data.datas;
    expect(links).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'corp', socialId: 'alice', providerName: 'Corp corp', upstreamName: 'Alice Upstream' })]));
    const again = await through('corp', 'alice');
    expect(again.res.json().data).toMatchObject({ kind: 'signedIn', response: { userId: 'lisi' } });
    const history = await client.app.store.db.selectFrom('login_history').select(['opt_type', 'login_msg']).where('opt_type', '=', 'UPSTREAM').execute();
    expect(history.length).toBeGreaterThanOrEqual(2);
  });

  it('asks an unknown person to bind with their portal password, refuses a wrong one, then signs straight in', async () => {
    const first = await through('corp', 'bob');
    expect(first.res.json().data).toMatchObject({ kind: 'bind', response: null, srmi: expect.any(String) });
    expect(sessionTokenOf(first.res)).toBeUndefined();
    const srmi = first.res.json().data.srmi;
    const wrong = await client.post('/auth/v1/upstream/bind', { srmi, userId: await client.encrypt('zhangsan'), password: await client.encrypt('not-the-password') }, { ip: '10.61.0.1' });
    expect(wrong.json().code).toBe('E30002');
    const bound = await client.post('/auth/v1/upstream/bind', { srmi, userId: await client.encrypt('zhangsan'), password: await client.encrypt(DEMO_PASSWORD), deviceId: 'upstream-device' });
    expect(bound.json()).toMatchObject({ code: 'D00000', data: { userId: 'zhangsan' } });
    expect(sessionTokenOf(bound)).toBeDefined();
    // The bind ticket is spent.
    const replay = await client.post('/auth/v1/upstream/bind', { srmi, userId: await client.encrypt('zhangsan'), password: await client.encrypt(DEMO_PASSWORD) });
    expect(replay.json().code).toBe('E00013');
    const again = await through('corp', 'bob');
    expect(again.res.json().data).toMatchObject({ kind: 'signedIn', response: { userId: 'zhangsan' } });
    const logged = await client.app.store.db.selectFrom('operation_log as o').innerJoin('users as u', 'u.id', 'o.user_ref')
      .select('o.detail').where('o.scene_code', '=', 'BIND_UPSTREAM').where('u.user_id', '=', 'zhangsan').execute();
    expect(logged.map((l) => l.detail)).toContain('corp');
  });

  it('never links on an unverified email', async () => {
    const strict = await through('corp-strict', 'mallory');
    expect(strict.res.json().code).toBe('E60103');
    expect(sessionTokenOf(strict.res)).toBeUndefined();
    // With a bind offered, the unverified address still links nothing by itself: the person must prove an account.
    const offered = await through('corp', 'mallory');
    expect(offered.res.json().data.kind).toBe('bind');
    const linked = await client.app.store.db.selectFrom('social_bindings').select('id').where('social_id', '=', 'mallory').execute();
    expect(linked).toHaveLength(0);
  });

  it('creates the account just in time when the provider is set to, keeping only what the provider verified', async () => {
    const first = await through('corp-jit', 'carol');
    expect(first.res.json().data).toMatchObject({ kind: 'signedIn', response: { userId: 'carol.new' } });
    const user = await client.app.store.db.selectFrom('users').selectAll().where('user_id', '=', 'carol.new').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'carol@newcomer.example', password_hash: null, user_type: 'STAFF', user_name: 'Carol New' });
    const again = await through('corp-jit', 'carol');
    expect(again.res.json().data.response.userId).toBe('carol.new');
    expect(await client.app.store.db.selectFrom('users').select('id').where('email', '=', 'carol@newcomer.example').execute()).toHaveLength(1);
  });

  it('skips the second factor only when the provider is marked as performing MFA and reports mfa in amr', async () => {
    const marked = await through('corp-mfa', 'zhaoliu', ['pwd', 'mfa']);
    expect(marked.res.json().data.response).toMatchObject({ userId: 'zhaoliu', secondAuth: false, instanceId: expect.any(String) });
    expect(sessionTokenOf(marked.res)).toBeDefined();
    const withoutMfa = await through('corp-mfa', 'zhaoliu', ['pwd']);
    expect(withoutMfa.res.json().data.response).toMatchObject({ secondAuth: true, srmi: expect.any(String), instanceId: null });
    expect(sessionTokenOf(withoutMfa.res)).toBeUndefined();
    const unmarked = await through('corp-nomfa', 'zhaoliu', ['pwd', 'mfa']);
    expect(unmarked.res.json().data.response).toMatchObject({ secondAuth: true, instanceId: null });
  });

  it('refuses a replayed state, an answer without this browser cookie, and a replayed finish ticket', async () => {
    upstream.next.account = 'alice';
    const { location, cookie } = await leave('corp');
    const callback = await upstream.signIn(location);
    const noCookie = await arrive(callback, undefined);
    expect(noCookie.searchParams.get('upstreamError')).toBe('E60101');
    // The state was taken by that first (refused) arrival: the real browser coming after it fails too.
    const replay = await arrive(callback, cookie);
    expect(replay.searchParams.get('upstreamError')).toBe('E60101');

    upstream.next.account = 'alice';
    const trip = await leave('corp');
    const good = await upstream.signIn(trip.location);
    const landed = await arrive(good, trip.cookie);
    const ticket = landed.searchParams.get('upstream');
    expect((await finish(ticket)).json().code).toBe('D00000');
    expect((await finish(ticket)).json().code).toBe('E00013');
    // The same callback again (state replay after success).
    expect((await arrive(good, trip.cookie)).searchParams.get('upstreamError')).toBe('E60101');
  });

  it('refuses a state replayed by parallel arrivals: exactly one wins', async () => {
    upstream.next.account = 'alice';
    const { location, cookie } = await leave('corp');
    const callback = await upstream.signIn(location);
    const landings = await Promise.all(Array.from({ length: 5 }, () => arrive(callback, cookie)));
    expect(landings.filter((l) => l.searchParams.get('upstream')).length).toBe(1);
  });

  describe('ID tokens a provider must never be trusted with', () => {
    /** A trip through the fake provider whose token answer carries `claims` (or a foreign signature). */
    async function fakeTrip(claims: Record<string, unknown>, signWith: FakeOidc['signWith'] = 'published') {
      const { location, cookie } = await leave('fake');
      const sent = new URL(location);
      fake.nonce = sent.searchParams.get('nonce') ?? '';
      fake.claims = claims;
      fake.signWith = signWith;
      const landed = await arrive(`${client.app.config.publicUrl}${CALLBACK_PATH}?code=any&state=${sent.searchParams.get('state')}`, cookie);
      return { landed, nonce: fake.nonce };
    }

    it('accepts a good one (the control)', async () => {
      const { landed } = await fakeTrip({ sub: 'fake-control' });
      expect(landed.searchParams.get('upstream')).toBeTruthy();
    });

    it.each([
      ['a wrong issuer', { iss: 'http://127.0.0.1:1/evil' }],
      ['another audience', { aud: 'someone-else' }],
      ['several audiences without azp naming us', { aud: ['fake-client', 'someone-else'] }],
      ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 }],
      ['no nonce', { nonce: undefined }],
    ])('refuses %s', async (_name, claims) => {
      const { landed } = await fakeTrip(claims);
      expect(landed.searchParams.get('upstreamError')).toBe('E60101');
      expect(landed.searchParams.get('upstream')).toBeNull();
    });

    it('refuses a token signed with a key the provider does not publish, or with the client secret (HS256)', async () => {
      expect((await fakeTrip({}, 'stranger')).landed.searchParams.get('upstreamError')).toBe('E60101');
      expect((await fakeTrip({}, 'hs256')).landed.searchParams.get('upstreamError')).toBe('E60101');
    });

    it("refuses another sign-in's nonce (nonce replay)", async () => {
      const earlier = await fakeTrip({ sub: 'fake-nonce' });
      expect(earlier.landed.searchParams.get('upstream')).toBeTruthy();
      const { location, cookie } = await leave('fake');
      const sent = new URL(location);
      fake.nonce = earlier.nonce;
      fake.claims = {};
      const landed = await arrive(`${client.app.config.publicUrl}${CALLBACK_PATH}?code=any&state=${sent.searchParams.get('state')}`, cookie);
      expect(landed.searchParams.get('upstreamError')).toBe('E60101');
    });
  });

  it('shows a provider only to the applications it is set for', async () => {
    // A provider of its own: corp-strict serves other tests, in any order.
    await api.ok('/upstream-providers/create', providerBody('corp-hidden', upstream.discoveryUrl, upstream.clientId, upstream.clientSecret, { appIds: ['no-such-app'] }));
    const buttons = (await client.get('/auth/v1/upstream/providers')).json().data.map((b: { code: string }) => b.code);
    expect(buttons).not.toContain('corp-hidden');
    const start = await client.get('/auth/v1/upstream/start?provider=corp-hidden');
    expect(String(start.headers.location)).toContain('upstreamError=E60101');
  });

  it('unlinks and logs it, but never the last way to sign in', async () => {
    // lisi's link through corp (alice's verified email), made here: whichever test made it before may run later.
    expect((await through('corp', 'alice')).res.json().data).toMatchObject({ kind: 'signedIn', response: { userId: 'lisi' } });
    const lisi = await signIn(client, 'lisi');
    const done = await client.post('/personal/v1/social-auth/unbind-self', { source: 'corp' }, { token: lisi });
    expect(done.json().code).toBe('D00000');
    const logged = await client.app.store.db.selectFrom('operation_log as o').innerJoin('users as u', 'u.id', 'o.user_ref')
      .select('o.detail').where('o.scene_code', '=', 'UNBIND_SOCIAL').where('u.user_id', '=', 'lisi').execute();
    expect(logged.map((l) => l.detail)).toContain('corp');
    const carol = sessionTokenOf((await through('corp-jit', 'carol')).res);
    const refused = await client.post('/personal/v1/social-auth/unbind-self', { source: 'corp-jit' }, { token: carol });
    expect(refused.json().code).toBe('E60107');
    expect(await client.app.store.db.selectFrom('social_bindings').select('id').where('social_id', '=', 'carol').execute()).toHaveLength(1);
  });
});
