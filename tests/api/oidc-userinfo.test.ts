import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCases } from './harness.js';
import { authorize, createOidcApp, exchange, relyingParty, signedInBrowser, startOidc, type OidcServer, type TestApp } from './oidcFlow.js';

/**
 * Userinfo's plain case is answered by the portal (server/protocols/oidc/userinfo.ts), everything
 * else by oidc-provider. Each request here is sent twice, with the shortcut on and off, and must
 * get the same status, headers (but the date) and body; the shortcut must answer the plain cases
 * and leave every refusal to the provider.
 */
describe.each(storeCases())('OpenID Connect userinfo ($name)', (store) => {
  let server: OidcServer;
  let answered = 0;
  beforeAll(async () => {
    server = await startOidc(store, 'oidc-userinfo');
    const shortcut = server.client.app.oidc.userinfo;
    const answer = shortcut.answer.bind(shortcut);
    shortcut.answer = async (req, res) => {
      const done = await answer(req, res);
      if (done) answered++;
      return done;
    };
  });
  afterAll(async () => { await server?.client.close(); });

  const db = () => server.client.app.store.db;

  interface Call { method?: string; headers?: Record<string, string>; body?: string; path?: string }
  async function call(init: Call) {
    const res = await fetch(`${server.issuer}${init.path ?? '/me'}`, { method: init.method ?? 'GET', headers: init.headers, body: init.body });
    const headers = [...res.headers].filter(([name]) => name !== 'date');
    return { status: res.status, headers, body: await res.text() };
  }
  /** The shortcut's answer and the provider's to the same request, and whether the shortcut gave the first. */
  async function both(init: Call) {
    const shortcut = server.client.app.oidc.userinfo;
    const before = answered;
    const fast = await call(init);
    const byShortcut = answered > before;
    shortcut.enabled = false;
    try {
      const provider = await call(init);
      return { fast, provider, byShortcut };
    } finally {
      shortcut.enabled = true;
    }
  }
  const bearer = (token: string, more: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${token}`, ...more } });

  async function tokenFor(account: string, options: { scope?: string; app?: TestApp } = {}) {
    const app = options.app ?? await createOidcApp(server.client, { grant: [account], roles: { [account]: 'UI_READER' } });
    const config = await relyingParty(server, app.clientId, app.secret);
    const { browser } = await signedInBrowser(server, account);
    const tokens = await exchange(config, await authorize(config, browser, app.redirectUri, options.scope ? { scope: options.scope } : {}));
    return { app, accessToken: tokens.access_token, sub: tokens.claims()!.sub };
  }
  /** Rewrites a stored record's payload (what the provider would find), for the checks no flow reaches. */
  async function rewrite(kind: string, id: string, change: (payload: Record<string, unknown>) => void) {
    const row = await db().selectFrom('oidc_payloads').select('payload').where('kind', '=', kind).where('id', '=', id).executeTakeFirstOrThrow();
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    change(payload);
    await db().updateTable('oidc_payloads').set({ payload: JSON.stringify(payload) }).where('kind', '=', kind).where('id', '=', id).execute();
  }
  const tokenPayload = async (id: string) => JSON.parse((await db().selectFrom('oidc_payloads').select('payload').where('kind', '=', 'AccessToken').where('id', '=', id).executeTakeFirstOrThrow()).payload) as Record<string, string>;

  it('answers a plain call itself, exactly as the provider does: claims of each granted scope, roles, headers, GET and POST without a body', async () => {
    const { accessToken, sub } = await tokenFor('lisi');
    for (const init of [bearer(accessToken), { ...bearer(accessToken), method: 'POST' }, { headers: { authorization: `bearer ${accessToken}` } }]) {
      const { fast, provider, byShortcut } = await both(init);
      expect(byShortcut).toBe(true);
      expect(fast).toEqual(provider);
      expect(fast.status).toBe(200);
      expect(JSON.parse(fast.body)).toEqual({ sub, name: '李四', preferred_username: 'lisi', email: 'lisi@corp.example.com', phone_number: '13800000002', roles: ['UI_READER'] });
      expect(Object.fromEntries(fast.headers)).toMatchObject({ 'cache-control': 'no-store', 'access-control-allow-origin': '*', 'content-type': 'application/json; charset=utf-8' });
    }
  });

  it('releases only the scopes granted and held: openid alone is the subject', async () => {
    const { accessToken, sub } = await tokenFor('zhangsan', { scope: 'openid' });
    const { fast, provider, byShortcut } = await both(bearer(accessToken));
    expect(byShortcut).toBe(true);
    expect(fast).toEqual(provider);
    expect(JSON.parse(fast.body)).toEqual({ sub });
    // No profile scope: a token whose scope was widened in storage still gets only what the grant holds.
    await rewrite('AccessToken', accessToken, (p) => { p.scope = 'openid profile'; });
    const widened = await both(bearer(accessToken));
    expect(widened.fast).toEqual(widened.provider);
    expect(JSON.parse(widened.fast.body)).toEqual({ sub });
  });

  it('leaves every refusal and unusual request to the provider, which answers as before', async () => {
    const { accessToken } = await tokenFor('lisi');
    const cases: Call[] = [
      {},
      bearer('no-such-token'),
      { headers: { authorization: `Bearer ${accessToken}`, origin: 'https://elsewhere.example' } },
      { headers: { authorization: `DPoP ${accessToken}` } },
      { headers: { authorization: `Bearer ${accessToken}`, dpop: 'x' } },
      { headers: { authorization: `Bearer  ${accessToken}` } },
      { ...bearer(accessToken), path: `/me?access_token=${accessToken}` },
      { ...bearer(accessToken), path: '/me?scope=openid' },
      { ...bearer(accessToken), path: '/me?scope=openid%20email' },
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `access_token=${accessToken}` },
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${accessToken}` }, body: `access_token=${accessToken}` },
      { ...bearer(accessToken), method: 'HEAD' },
    ];
    for (const init of cases) {
      const { fast, provider, byShortcut } = await both(init);
      expect(byShortcut, JSON.stringify(init)).toBe(false);
      expect(fast, JSON.stringify(init)).toEqual(provider);
    }
    const unknown = await both(bearer('no-such-token'));
    expect(unknown.fast.status).toBe(401);
    expect(Object.fromEntries(unknown.fast.headers)['www-authenticate']).toBe(`Bearer realm="${server.issuer}", error="invalid_token", error_description="invalid token provided"`);
    const twice = await both({ ...bearer(accessToken), path: `/me?access_token=${accessToken}` });
    expect(twice.fast.status).toBe(400);
    expect(JSON.parse(twice.fast.body).error).toBe('invalid_request');
  });

  it('refuses alike a token whose grant, session, account or permission ended', async () => {
    const refusedAlike = async (token: string, status = 401) => {
      const { fast, provider, byShortcut } = await both(bearer(token));
      expect(byShortcut).toBe(false);
      expect(fast).toEqual(provider);
      expect(fast.status).toBe(status);
    };
    const revoked = await tokenFor('lisi');
    const { grantId } = await tokenPayload(revoked.accessToken);
    await db().deleteFrom('oidc_payloads').where('kind', '=', 'Grant').where('id', '=', grantId).execute();
    await refusedAlike(revoked.accessToken);

    const ended = await tokenFor('lisi');
    const ownSession = (await tokenPayload(ended.accessToken)).sessionUid;
    expect(ownSession).toBeTruthy();
    await db().deleteFrom('oidc_payloads').where('kind', '=', 'Session').where('uid', '=', ownSession).execute();
    await refusedAlike(ended.accessToken);

    const disabled = await tokenFor('emp0160');
    await db().updateTable('users').set({ enabled: 0 }).where('user_id', '=', 'emp0160').execute();
    await refusedAlike(disabled.accessToken);

    const expiredAccount = await tokenFor('emp0161');
    await db().updateTable('users').set({ user_expire_date: server.client.clock.now() - 1000 }).where('user_id', '=', 'emp0161').execute();
    await refusedAlike(expiredAccount.accessToken);

    const ungranted = await tokenFor('emp0162');
    const user = await db().selectFrom('users').select('id').where('user_id', '=', 'emp0162').executeTakeFirstOrThrow();
    await db().deleteFrom('user_apps').where('user_ref', '=', user.id).where('app_ref', '=', ungranted.app.appRef).execute();
    await refusedAlike(ungranted.accessToken);
  });

  it('judges the stored token as the provider does: expiry with its clock tolerance, scope, binding, audience', async () => {
    const now = Math.floor(Date.now() / 1000);
    const answeredAlike = async (change: (p: Record<string, unknown>) => void, expected: { status: number; byShortcut: boolean }) => {
      const { accessToken } = await tokenFor('lisi');
      await rewrite('AccessToken', accessToken, change);
      const { fast, provider, byShortcut } = await both(bearer(accessToken));
      expect({ status: fast.status, byShortcut }).toEqual(expected);
      expect(fast).toEqual(provider);
    };
    // Within the 15 s tolerance the provider still honours an expired token; past it, not.
    await answeredAlike((p) => { p.exp = now - 5; }, { status: 200, byShortcut: true });
    await answeredAlike((p) => { p.exp = now - 30; }, { status: 401, byShortcut: false });
    await answeredAlike((p) => { p.scope = 'profile'; }, { status: 403, byShortcut: false });
    await answeredAlike((p) => { p.jkt = 'thumbprint'; }, { status: 401, byShortcut: false });
    // mTLS is not set up, so the provider fails on a certificate-bound token (500) rather than refusing it: as before.
    await answeredAlike((p) => { p['x5t#S256'] = 'thumbprint'; }, { status: 500, byShortcut: false });
    await answeredAlike((p) => { p.aud = 'https://api.example'; }, { status: 401, byShortcut: false });
    await answeredAlike((p) => { p.accountId = 'someone-else'; }, { status: 401, byShortcut: false });
    // The store's own expiry is the portal's clock's.
    const { accessToken } = await tokenFor('lisi');
    server.client.clock.advance(2 * 3600_000);
    try {
      const { fast, provider, byShortcut } = await both(bearer(accessToken));
      expect(byShortcut).toBe(false);
      expect(fast).toEqual(provider);
      expect(fast.status).toBe(401);
    } finally {
      server.client.clock.advance(-2 * 3600_000);
    }
  });

  it('leaves a grant whose expiry passed, or another client\'s grant, to the provider', async () => {
    const expired = await tokenFor('lisi');
    await rewrite('Grant', (await tokenPayload(expired.accessToken)).grantId, (g) => { g.exp = Math.floor(Date.now() / 1000) - 1; });
    const a = await both(bearer(expired.accessToken));
    expect({ status: a.fast.status, byShortcut: a.byShortcut }).toEqual({ status: 401, byShortcut: false });
    expect(a.fast).toEqual(a.provider);

    const other = await tokenFor('lisi');
    await rewrite('Grant', (await tokenPayload(other.accessToken)).grantId, (g) => { g.clientId = 'demo-rp'; });
    const b = await both(bearer(other.accessToken));
    expect(b.byShortcut).toBe(false);
    expect(b.fast).toEqual(b.provider);
  });
});
