import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startClient, storeCases } from './harness.js';
import {
  authorize, createOidcApp, exchange, logoutReceiver, refusal, relyingParty, signedInBrowser, startOidc, verifyWithJwks, type OidcServer,
} from './oidcFlow.js';
import { KEY_RETENTION_MS } from '../../server/protocols/oidc/keys.js';

describe.each(storeCases())('OpenID Connect provider: sign-out and keys ($name)', (store) => {
  let server: OidcServer;
  let receiver: Awaited<ReturnType<typeof logoutReceiver>>;
  beforeAll(async () => {
    server = await startOidc(store, 'oidclogout');
    receiver = await logoutReceiver();
  });
  afterAll(async () => {
    await server?.client.close();
    await receiver?.close();
  });

  const portalSessionAlive = async (token: string) => (await server.client.post('/personal/v1/current-user-detail', {}, { token })).json().code === 'D00000';
  const tokensFor = (clientId: string) => receiver.tokens.filter((t) => decodeJwt(t).aud === clientId);

  /** An application with a back-channel logout receiver, signed in to by `account` in its own browser. */
  async function signedInApp(account = 'lisi') {
    const app = await createOidcApp(server.client, { grant: [account], backchannelUri: receiver.uri });
    const config = await relyingParty(server, app.clientId, app.secret);
    const { browser, token } = await signedInBrowser(server, account);
    const tokens = await exchange(config, await authorize(config, browser, app.redirectUri));
    return { app, config, browser, token, tokens };
  }

  it('RP-initiated logout asks the user, then ends the portal session too and tells the applications by back-channel', async () => {
    const { app, config, browser, token, tokens } = await signedInApp();
    const postLogout = `http://127.0.0.1:9/${app.appId}/`;
    const end = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: postLogout, state: 'bye' });
    const page = await browser.request(end.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
    // Without the page's one-time value, nothing is ended.
    const forged = await browser.request(`${server.issuer}/session/end/confirm`, { form: { xsrf: 'forged', logout: 'yes' } });
    expect(forged.status).toBe(400);
    expect(await portalSessionAlive(token)).toBe(true);

    const confirmed = await browser.request(`${server.issuer}/session/end/confirm`, { form: { xsrf, logout: 'yes' } });
    expect(confirmed.status).toBe(303);
    const landing = new URL(confirmed.headers.get('location')!);
    expect(`${landing.origin}${landing.pathname}`).toBe(postLogout);
    expect(landing.searchParams.get('state')).toBe('bye');
    expect(await portalSessionAlive(token)).toBe(false);
    expect(browser.cookie('idaas_token')).toBeUndefined();
    expect(tokensFor(app.clientId)).toHaveLength(1);
    expect(await refusal(oidc.refreshTokenGrant(config, tokens.refresh_token!))).toBe('invalid_grant');
  });

  it('signing out of the portal signs the applications out by back-channel: a verified logout token with the session id', async () => {
    const { app, config, browser, token, tokens: first } = await signedInApp();
    const second = await createOidcApp(server.client, { backchannelUri: receiver.uri });
    const secondConfig = await relyingParty(server, second.clientId, second.secret);
    // The same browser signs in to a second application without any page (single sign-on).
    const sso = await authorize(secondConfig, browser, second.redirectUri);
    expect(sso.visited.some((step) => step.startsWith('/login'))).toBe(false);
    await exchange(secondConfig, sso);

    expect(await server.client.app.oidc.sweep()).toBe(0);
    expect((await server.client.post('/auth/v1/logout', {}, { token })).json().code).toBe('D00000');
    expect(await server.client.app.oidc.sweep()).toBeGreaterThanOrEqual(1);
    // Each instance sweeping later finds nothing left to do.
    expect(await server.client.app.oidc.sweep()).toBe(0);

    const [logoutToken] = tokensFor(app.clientId);
    const { payload, protectedHeader } = await verifyWithJwks(server, logoutToken, app.clientId);
    expect(protectedHeader.typ).toBe('logout+jwt');
    expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
    expect(payload.sub).toBe(first.claims()!.sub);
    expect(payload.sid).toBe(first.claims()!.sid);
    expect(payload).not.toHaveProperty('nonce');
    expect(tokensFor(second.clientId)).toHaveLength(1);
    // What the session granted is revoked with it.
    expect(await refusal(oidc.refreshTokenGrant(config, first.refresh_token!))).toBe('invalid_grant');
    expect(await refusal(oidc.fetchUserInfo(config, first.access_token, oidc.skipSubjectCheck))).toBe('invalid_token');
    // The next authorisation needs a portal sign-in again.
    expect((await authorize(config, browser, app.redirectUri)).stoppedAt.url.pathname).toBe('/login');
  });

  it('follows the portal when another user signs in in the same browser', async () => {
    const app = await createOidcApp(server.client, { grant: ['lisi', 'zhangsan'] });
    const config = await relyingParty(server, app.clientId, app.secret);
    const { browser } = await signedInBrowser(server, 'lisi');
    expect((await exchange(config, await authorize(config, browser, app.redirectUri))).claims()?.preferred_username).toBe('lisi');
    // Signing in as someone else replaces the portal cookie; the provider session of lisi must not answer for zhangsan.
    const { token } = await signedInBrowser(server, 'zhangsan');
    browser.setCookie('idaas_token', token);
    const next = await authorize(config, browser, app.redirectUri);
    expect((await exchange(config, next)).claims()?.preferred_username).toBe('zhangsan');
  });

  it('rotates signing keys: new tokens carry the new key, old ones still verify against JWKS until their time is up', async () => {
    const { client } = server;
    const config = await relyingParty(server, 'demo-rp', 'demo-rp-secret');
    const { browser } = await signedInBrowser(server, 'lisi');
    const before = await exchange(config, await authorize(config, browser, 'http://127.0.0.1:8765/callback'));
    const oldKid = decodeProtectedHeader(before.id_token!).kid;

    await client.app.oidc.rotateKeys();
    const jwks = await (await fetch(`${server.issuer}/jwks`)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(oldKid);
    expect(jwks.keys).toHaveLength(4);

    const freshConfig = await relyingParty(server, 'demo-rp', 'demo-rp-secret');
    const after = await exchange(freshConfig, await authorize(freshConfig, browser, 'http://127.0.0.1:8765/callback'));
    expect(decodeProtectedHeader(after.id_token!).kid).not.toBe(oldKid);
    expect((await verifyWithJwks(server, before.id_token!, 'demo-rp')).payload.preferred_username).toBe('lisi');
    expect((await verifyWithJwks(server, after.id_token!, 'demo-rp')).payload.preferred_username).toBe('lisi');
    // Tokens issued before the rotation keep working.
    expect((await oidc.fetchUserInfo(config, before.access_token, before.claims()!.sub)).preferred_username).toBe('lisi');

    // Once nothing it signed can still be valid, the retired key is no longer published.
    client.clock.advance(KEY_RETENTION_MS + 60_000);
    await client.app.oidc.refreshKeys();
    const later = await (await fetch(`${server.issuer}/jwks`)).json();
    expect(later.keys.map((k: { kid: string }) => k.kid)).not.toContain(oldKid);
  });

  it('shares codes, tokens and keys between instances on one database', async () => {
    const url = await store.seededUrl('oidcshared');
    const other = await startClient(store, 'oidcshared-a', { publicUrl: server.base, oidc: { keyRotationDays: 90, logoutSweepMs: 0 } }, undefined, url);
    const second = await startClient(store, 'oidcshared-b', { publicUrl: server.base, oidc: { keyRotationDays: 90, logoutSweepMs: 0 } }, undefined, url);
    try {
      // Both instances publish the one key set the first start made.
      const jwksOf = async (instance: typeof other) => (await instance.app.inject({ method: 'GET', url: '/oidc/jwks' })).json().keys.map((k: { kid: string }) => k.kid).sort();
      expect(await jwksOf(other)).toEqual(await jwksOf(second));
      await other.app.oidc.rotateKeys();
      await second.app.oidc.refreshKeys();
      expect(await jwksOf(second)).toEqual(await jwksOf(other));
      expect(await jwksOf(second)).toHaveLength(4);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
