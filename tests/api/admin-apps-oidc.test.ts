import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as oidc from 'openid-client';
import { adminApi, byDuty, signInAdministrators, unique, type AdministratorTokens } from './adminHarness.js';
import { startClient, storeCases, type Client } from './harness.js';
import { freePort } from '../support/freePort.js';
import { authorize, exchange, logoutReceiver, relyingParty, signedInBrowser, type OidcServer } from './oidcFlow.js';

const HOUR = 3_600_000;

/**
 * Workbench: applications' OpenID Connect settings, checked where they matter — at the provider,
 * through a real relying party (openid-client) — and the back-channel logout a portal sign-out
 * sends at once. (lisi's E00403 on every endpoint, OIDC fields included: admin-apps.test.ts.)
 */
describe.each(storeCases())('workbench: applications, OpenID Connect settings ($name)', (store) => {
  let client: Client;
  let server: OidcServer;
  let admins: AdministratorTokens;
  beforeAll(async () => {
    // On a real port, as the provider is reached by applications. The periodic logout sweep is an
    // hour away, so only a sign-out's own sweep can deliver a logout token within a test.
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    client = await startClient(store, 'adminappsoidc', { publicUrl: base, oidc: { keyRotationDays: 90, logoutSweepMs: HOUR } });
    await client.app.listen({ port, host: '127.0.0.1' });
    server = { client, base, issuer: `${base}/oidc` };
    admins = await signInAdministrators(client);
  });
  afterAll(async () => { await client?.close(); });

  const { post, ok, audits } = adminApi(() => client, byDuty(() => admins));
  /** A legacy application, as the API makes one when told nothing about OpenID Connect. */
  const newApp = async () => {
    const appId = unique('h10app');
    const { id } = await ok('/apps/create', { appId, appName: `应用 ${appId}`, idpSsoUrl: `https://${appId}.example.com/sso`, loginTypes: ['ACCOUNT'] });
    return { id: id as number, appId };
  };
  const oidcApp = async (extra: Record<string, unknown> = {}) => {
    const appId = unique('h10rp');
    const home = `https://${appId}.example.com`;
    const body = {
      appId, appName: `应用 ${appId}`, idpSsoUrl: `${home}/`, loginTypes: ['ACCOUNT'], legacy: false, firstParty: true,
      redirectUris: [`${home}/callback`], postLogoutRedirectUris: [`${home}/`], initiateLoginUri: `${home}/login`, ...extra,
    };
    const { id } = await ok('/apps/create', body);
    return { id: id as number, appId, clientId: `${appId}-client`, home };
  };

  it('refuses bad OpenID Connect settings with E00001 naming the field', async () => {
    const good = { appId: unique('h10v'), appName: 'Valid', idpSsoUrl: 'https://valid.example.com/', loginTypes: ['ACCOUNT'], legacy: false, redirectUris: ['https://valid.example.com/cb'] };
    const bad: [string, Record<string, unknown>][] = [
      ['redirectUris', { ...good, redirectUris: ['not a url'] }],
      ['redirectUris', { ...good, redirectUris: ['/relative/callback'] }],
      ['redirectUris', { ...good, redirectUris: ['https://valid.example.com/cb#fragment'] }],
      ['redirectUris', { ...good, redirectUris: ['http://rp.example.com/cb'] }],
      ['redirectUris', { ...good, redirectUris: ['http://10.1.2.3/cb'] }],
      ['redirectUris', { ...good, redirectUris: ['https://user:pw@valid.example.com/cb'] }],
      ['redirectUris', { ...good, redirectUris: ['javascript:alert(1)'] }],
      ['redirectUris', { ...good, redirectUris: ['https://valid.example.com/a b'] }],
      ['redirectUris', { ...good, redirectUris: ['https://valid.example.com/cb', 'https://valid.example.com/cb'] }],
      ['redirectUris', { ...good, redirectUris: Array.from({ length: 21 }, (_, i) => `https://valid.example.com/cb${i}`) }],
      ['redirectUris', { ...good, redirectUris: [`https://valid.example.com/${'x'.repeat(500)}`] }],
      ['redirectUris', { ...good, redirectUris: 'https://valid.example.com/cb' }],
      ['postLogoutRedirectUris', { ...good, postLogoutRedirectUris: ['ftp://valid.example.com/'] }],
      ['grantTypes', { ...good, grantTypes: ['refresh_token'] }],
      ['grantTypes', { ...good, grantTypes: ['authorization_code', 'implicit'] }],
      ['grantTypes', { ...good, grantTypes: ['authorization_code', 'authorization_code'] }],
      ['accessTokenTtl', { ...good, accessTokenTtl: 59 }],
      ['accessTokenTtl', { ...good, accessTokenTtl: 86_401 }],
      ['accessTokenTtl', { ...good, accessTokenTtl: 90.5 }],
      ['idTokenTtl', { ...good, idTokenTtl: 86_401 }],
      ['refreshTokenTtl', { ...good, refreshTokenTtl: 90 * 86_400 + 1 }],
      ['backchannelLogoutUri', { ...good, backchannelLogoutUri: 'http://intranet.example.com/logout' }],
      ['initiateLoginUri', { ...good, initiateLoginUri: 'https://valid.example.com/login#x' }],
      ['firstParty', { ...good, firstParty: 'yes' }],
      ['legacy', { ...good, legacy: 0 }],
    ];
    for (const [field, body] of bad) {
      const res = await post('/apps/create', body);
      expect({ field, status: res.statusCode, code: res.json().code }).toEqual({ field, status: 400, code: 'E00001' });
      expect(res.json().message).toContain(field);
    }
    const app = await oidcApp();
    for (const [field, patch] of bad) {
      const res = await post('/apps/update', { id: app.id, [field]: patch[field] });
      expect({ field, status: res.statusCode, code: res.json().code }).toEqual({ field, status: 400, code: 'E00001' });
    }
    expect((await post('/apps/list', { keyword: good.appId, pageNum: 1, pageSize: 10 })).json().data.total).toBe(0);
    // Plain http is for the machine the application runs on: a developer's, or the demo's.
    const loopback = ['http://localhost:3000/cb', 'http://127.0.0.1:8765/callback', 'http://[::1]:8080/cb', 'https://rp.example.com/cb?tenant=1'];
    await ok('/apps/update', { id: app.id, redirectUris: loopback, backchannelLogoutUri: 'http://127.0.0.1:9/logout', accessTokenTtl: 60, refreshTokenTtl: 90 * 86_400 });
    expect(await ok('/apps/get', { id: app.id })).toMatchObject({ redirectUris: loopback, accessTokenTtl: 60, refreshTokenTtl: 90 * 86_400 });
  });

  it('refuses an OpenID Connect application without a redirect URI (E40207), also when two administrators race', async () => {
    const none = await post('/apps/create', { appId: unique('h10n'), appName: 'x', idpSsoUrl: 'https://x.example.com/', loginTypes: ['ACCOUNT'], legacy: false });
    expect([none.statusCode, none.json().code]).toEqual([200, 'E40207']);

    const legacy = await newApp();
    const turned = await post('/apps/update', { id: legacy.id, legacy: false, appName: 'changed' });
    expect([turned.statusCode, turned.json().code]).toEqual([200, 'E40207']);
    expect(await ok('/apps/get', { id: legacy.id })).toMatchObject({ legacy: true, appName: `应用 ${legacy.appId}` });
    expect((await post('/apps/update', { id: legacy.id, legacy: false, redirectUris: [] })).json().code).toBe('E40207');
    await ok('/apps/update', { id: legacy.id, legacy: false, redirectUris: ['https://legacy.example.com/cb'] });

    const app = await oidcApp();
    expect((await post('/apps/update', { id: app.id, redirectUris: [] })).json().code).toBe('E40207');
    expect((await ok('/apps/get', { id: app.id })).redirectUris).toEqual([`${app.home}/callback`]);
    // Back to the legacy launch, the URIs may go.
    await ok('/apps/update', { id: app.id, legacy: true, redirectUris: [] });
    expect((await post('/apps/update', { id: 999_999, redirectUris: [] })).json().code).toBe('E00404');

    // A legacy application with one URI: one administrator clears the URIs while another turns legacy off.
    for (let round = 0; round < 3; round++) {
      const raced = await oidcApp({ legacy: true });
      const results = await Promise.all([
        post('/apps/update', { id: raced.id, redirectUris: [] }),
        post('/apps/update', { id: raced.id, legacy: false }),
      ]);
      expect(results.map((r) => r.json().code).sort()).toEqual(['D00000', 'E40207']);
      const after = await ok('/apps/get', { id: raced.id });
      expect(after.legacy || after.redirectUris.length > 0).toBe(true);
      expect(await audits('ADMIN_APP_UPDATE', `app:${raced.appId}`)).toHaveLength(1);
    }
  });

  it('creates and updates the OpenID Connect settings, answers them with the issuer, and logs them before/after', async () => {
    const plain = await ok('/apps/get', { id: (await newApp()).id });
    expect(plain).toMatchObject({
      legacy: true, firstParty: false, redirectUris: [], postLogoutRedirectUris: [], grantTypes: ['authorization_code', 'refresh_token'],
      accessTokenTtl: null, idTokenTtl: null, refreshTokenTtl: null, backchannelLogoutUri: null, initiateLoginUri: null,
      issuer: server.issuer, discoveryUrl: `${server.issuer}/.well-known/openid-configuration`,
    });
    expect((await fetch(plain.discoveryUrl)).ok).toBe(true);

    const app = await oidcApp({ grantTypes: ['authorization_code'], accessTokenTtl: 600, backchannelLogoutUri: 'https://bc.example.com/logout' });
    const got = await ok('/apps/get', { id: app.id });
    expect(got).toMatchObject({
      clientId: app.clientId, legacy: false, firstParty: true, redirectUris: [`${app.home}/callback`], postLogoutRedirectUris: [`${app.home}/`],
      grantTypes: ['authorization_code'], accessTokenTtl: 600, idTokenTtl: null, backchannelLogoutUri: 'https://bc.example.com/logout', initiateLoginUri: `${app.home}/login`,
    });
    expect((await ok('/apps/list', { keyword: app.appId, pageNum: 1, pageSize: 10 })).datas).toEqual([got]);

    await ok('/apps/update', {
      id: app.id, grantTypes: ['refresh_token', 'authorization_code'], accessTokenTtl: null, idTokenTtl: 300, refreshTokenTtl: 7 * 86_400,
      backchannelLogoutUri: null, firstParty: false, redirectUris: [`${app.home}/callback`, `${app.home}/other`],
    });
    expect(await ok('/apps/get', { id: app.id })).toMatchObject({
      grantTypes: ['authorization_code', 'refresh_token'], accessTokenTtl: null, idTokenTtl: 300, refreshTokenTtl: 7 * 86_400,
      backchannelLogoutUri: null, firstParty: false, redirectUris: [`${app.home}/callback`, `${app.home}/other`], appName: `应用 ${app.appId}`,
    });

    const [created] = await audits('ADMIN_APP_CREATE', `app:${app.appId}`);
    expect(JSON.parse(created.changes!).after).toMatchObject({
      legacy: false, firstParty: true, redirectUris: [`${app.home}/callback`], grantTypes: ['authorization_code'], accessLifetime: 600,
      backchannelLogoutUri: 'https://bc.example.com/logout',
    });
    const [updated] = await audits('ADMIN_APP_UPDATE', `app:${app.appId}`);
    expect(JSON.parse(updated.changes!)).toMatchObject({
      before: { firstParty: true, grantTypes: ['authorization_code'], accessLifetime: 600, idLifetime: null, refreshLifetime: null, redirectUris: [`${app.home}/callback`] },
      after: { firstParty: false, grantTypes: ['authorization_code', 'refresh_token'], accessLifetime: null, idLifetime: 300, refreshLifetime: 7 * 86_400, redirectUris: [`${app.home}/callback`, `${app.home}/other`] },
    });
  });

  it('makes a redirect URI registered in the workbench work at the next authorisation request, and refuses a removed one without redirecting to it', async () => {
    const app = await oidcApp();
    await ok('/apps/user-grants/add', { id: app.id, userIdSet: ['lisi'] });
    const { clientSecret } = await ok('/apps/secret/rotate', { id: app.id });
    const config = await relyingParty(server, app.clientId, clientSecret);
    const { browser } = await signedInBrowser(server, 'lisi');
    const added = `${app.home}/added-callback`;
    const refusedWithoutRedirect = async () => {
      const auth = await authorize(config, browser, added);
      expect(auth.callback).toBeNull();
      expect(auth.stoppedAt.url.origin).toBe(server.base);
      expect(auth.stoppedAt.res?.status).toBe(400);
      expect(auth.stoppedAt.res?.headers.get('location')).toBeNull();
      expect(await auth.stoppedAt.res?.text()).toContain('invalid_redirect_uri');
    };

    await refusedWithoutRedirect();
    await ok('/apps/update', { id: app.id, redirectUris: [`${app.home}/callback`, added], accessTokenTtl: 120, grantTypes: ['authorization_code'] });
    const auth = await authorize(config, browser, added);
    expect(auth.callback?.searchParams.get('code')).toBeTruthy();
    const tokens = await exchange(config, auth);
    expect(tokens.claims()?.aud).toBe(app.clientId);
    // The lifetime and the grant types changed with it.
    expect(tokens.expires_in).toBe(120);
    expect(tokens.refresh_token).toBeUndefined();

    await ok('/apps/update', { id: app.id, redirectUris: [`${app.home}/callback`] });
    await refusedWithoutRedirect();
    // Marked legacy, it is no OpenID Connect client at all.
    await ok('/apps/update', { id: app.id, legacy: true });
    const asLegacy = await authorize(config, browser, `${app.home}/callback`);
    expect(asLegacy.callback).toBeNull();
    expect(asLegacy.stoppedAt.res?.status).toBe(400);
    expect(await asLegacy.stoppedAt.res?.text()).toContain('invalid_client');
  });

  it('signs the applications out by back-channel as soon as the portal session signs out, not at the next periodic sweep', async () => {
    const receiver = await logoutReceiver();
    try {
      const app = await oidcApp({ backchannelLogoutUri: receiver.uri });
      await ok('/apps/user-grants/add', { id: app.id, userIdSet: ['lisi'] });
      const { clientSecret } = await ok('/apps/secret/rotate', { id: app.id });
      const config = await relyingParty(server, app.clientId, clientSecret);
      const { browser, token } = await signedInBrowser(server, 'lisi');
      const tokens = await exchange(config, await authorize(config, browser, `${app.home}/callback`));

      expect((await client.post('/auth/v1/logout', {}, { token })).json().code).toBe('D00000');
      await vi.waitFor(() => expect(receiver.tokens).toHaveLength(1), { timeout: 5000, interval: 50 });
      const [, payload] = receiver.tokens[0].split('.');
      expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ aud: app.clientId, sub: tokens.claims()!.sub, sid: tokens.claims()!.sid });
      // Nothing left for the periodic sweep, and what the session granted is revoked.
      expect(await client.app.oidc.sweep()).toBe(0);
      await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toThrow();
    } finally {
      await receiver.close();
    }
  });

});
