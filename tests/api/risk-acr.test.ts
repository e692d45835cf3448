import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode, storeCases } from './harness.js';
import { authorize, createOidcApp, exchange, relyingParty, signedInBrowser, startOidc, type OidcServer } from './oidcFlow.js';

/** The id_token says how the sign-in was made: `acr` beside `amr`, and the provider lists both values. */
describe.each(storeCases())('acr in OpenID Connect tokens ($name)', (store) => {
  let server: OidcServer;
  beforeAll(async () => { server = await startOidc(store, 'riskacr'); });
  afterAll(async () => { await server?.client.close(); });

  it('names the first factor alone, or the second factor once passed', async () => {
    const discovery = (await server.client.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).json();
    expect(discovery.acr_values_supported).toEqual(['urn:idaas:acr:pwd', 'urn:idaas:acr:mfa']);

    const plain = await createOidcApp(server.client, { secondAuth: false });
    const plainRp = await relyingParty(server, plain.clientId, plain.secret);
    const { browser } = await signedInBrowser(server, 'lisi');
    const first = await authorize(plainRp, browser, plain.redirectUri);
    const firstClaims = (await exchange(plainRp, first)).claims();
    expect(firstClaims?.acr).toBe('urn:idaas:acr:pwd');
    expect(firstClaims?.amr).toBeUndefined();

    const guarded = await createOidcApp(server.client, { secondAuth: true });
    const guardedRp = await relyingParty(server, guarded.clientId, guarded.secret);
    server.client.clock.advance(61_000);
    const started = await authorize(guardedRp, browser, guarded.redirectUri);
    const srmi = started.stoppedAt.url.searchParams.get('srmi')!;
    const sent = (await server.client.post('/auth/v1/send-msg/second-auth', { srmi })).json().data;
    const passed = await server.client.post('/auth/v1/second-auth', { srmi, smsCodeKey: sent.smsCodeKey, validateCode: await lastSmsCode(server.client, '13800000002'), deviceId: 'oidc-acr' });
    expect(passed.json().code).toBe('D00000');
    for (const cookie of passed.cookies) browser.setCookie(cookie.name, cookie.value, cookie.path ?? '/');
    const done = await browser.follow(started.stoppedAt.url.searchParams.get('redirect')!);
    const claims = (await exchange(guardedRp, { ...started, callback: done.url })).claims();
    expect(claims).toMatchObject({ acr: 'urn:idaas:acr:mfa', amr: ['mfa'] });
  });
});
