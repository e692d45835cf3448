import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, storeCases } from './harness.js';
import { authorize, createOidcApp, exchange, relyingParty, signedInBrowser, startOidc, type OidcServer } from './oidcFlow.js';
import { SoftPasskey, totpCode } from './factors-support.js';

describe.each(storeCases())('second factors in OpenID Connect sign-ins ($name)', (store) => {
  let server: OidcServer;
  beforeAll(async () => { server = await startOidc(store, 'factorsoidc'); });
  afterAll(async () => { await server?.client.close(); });

  const call = async (path: string, body: unknown, token?: string) => (await server.client.post(path, body, { token })).json();

  it('passes the interaction\'s second factor with the authenticator app, then with a passkey, through the same step', async () => {
    const app = await createOidcApp(server.client, { secondAuth: true });
    const config = await relyingParty(server, app.clientId, app.secret);
    const { browser, token } = await signedInBrowser(server, 'lisi');
    expect((await call('/personal/v1/factors/reauth/password', { password: await server.client.encrypt(DEMO_PASSWORD) }, token)).code).toBe('D00000');
    const { secret } = (await call('/personal/v1/factors/totp/start', {}, token)).data;
    expect((await call('/personal/v1/factors/totp/confirm', { code: totpCode(secret, server.client.clock.now()) }, token)).code).toBe('D00000');
    server.client.clock.advance(30_000);

    const started = await authorize(config, browser, app.redirectUri);
    expect(started.stoppedAt.url.pathname).toBe('/secondAuth');
    const srmi = started.stoppedAt.url.searchParams.get('srmi')!;
    expect((await call('/auth/v1/second-auth/factors', { srmi })).data.factors.map((f: { kind: string }) => f.kind)).toEqual(['TOTP', 'SMS']);
    const passed = await server.client.post('/auth/v1/second-auth/totp', { srmi, code: totpCode(secret, server.client.clock.now()), deviceId: 'oidc-totp' });
    expect(passed.json().code).toBe('D00000');
    for (const cookie of passed.cookies) browser.setCookie(cookie.name, cookie.value, cookie.path ?? '/');
    const done = await browser.follow(started.stoppedAt.url.searchParams.get('redirect')!);
    expect(done.url.toString().startsWith(app.redirectUri)).toBe(true);
    expect((await exchange(config, { ...started, callback: done.url })).claims()?.amr).toEqual(['mfa']);

    // Another browser, a passkey this time.
    const rp = new URL(server.base);
    const key = new SoftPasskey(rp.origin, rp.hostname);
    const second = await signedInBrowser(server, 'lisi');
    expect((await call('/personal/v1/factors/reauth/password', { password: await server.client.encrypt(DEMO_PASSWORD) }, second.token)).code).toBe('D00000');
    const options = (await call('/personal/v1/factors/passkey/options', {}, second.token)).data.options;
    expect((await call('/personal/v1/factors/passkey/register', { name: 'Key', credential: key.register(options) }, second.token)).code).toBe('D00000');
    const again = await authorize(config, second.browser, app.redirectUri);
    const srmi2 = again.stoppedAt.url.searchParams.get('srmi')!;
    const assertion = (await call('/auth/v1/second-auth/passkey/options', { srmi: srmi2 })).data.options;
    const viaKey = await server.client.post('/auth/v1/second-auth/passkey', { srmi: srmi2, credential: key.assert(assertion), deviceId: 'oidc-key' });
    expect(viaKey.json().code).toBe('D00000');
    for (const cookie of viaKey.cookies) second.browser.setCookie(cookie.name, cookie.value, cookie.path ?? '/');
    const back = await second.browser.follow(again.stoppedAt.url.searchParams.get('redirect')!);
    expect((await exchange(config, { ...again, callback: back.url })).claims()?.amr).toEqual(['mfa']);
  });

  it('asks for the second factor the user type\'s policy requires, even where the application does not', async () => {
    const app = await createOidcApp(server.client, { secondAuth: false });
    const config = await relyingParty(server, app.clientId, app.secret);
    const { browser } = await signedInBrowser(server, 'lisi');
    expect((await authorize(config, browser, app.redirectUri)).callback?.searchParams.get('code')).toBeTruthy();
    const security = await signedInBrowser(server, 'secadmin');
    expect((await call('/admin/v1/policies/update', { mfa: { requiredUserTypes: ['STAFF'] } }, security.token)).code).toBe('D00000');
    try {
      const fresh = await signedInBrowser(server, 'lisi');
      const started = await authorize(config, fresh.browser, app.redirectUri);
      expect(started.callback).toBeNull();
      expect(started.stoppedAt.url.pathname).toBe('/secondAuth');
    } finally {
      await server.client.app.store.db.deleteFrom('config').where('key', '=', 'policy.mfa').execute();
      server.client.app.services.settings.invalidate();
    }
  });
});
