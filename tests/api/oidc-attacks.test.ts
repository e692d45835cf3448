import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { storeCases } from './harness.js';
import { adminApi, byDuty, signInAdministrators } from './adminHarness.js';
import {
  Browser, accessLog, authorize, createOidcApp, exchange, refusal, relyingParty, signedInBrowser, startOidc, verifyWithJwks, type OidcServer,
} from './oidcFlow.js';

const DEMO_REDIRECT = 'http://127.0.0.1:8765/callback';

describe.each(storeCases())('OpenID Connect provider: attacks ($name)', (store) => {
  let server: OidcServer;
  beforeAll(async () => {
    server = await startOidc(store, 'oidcattacks');
  });
  afterAll(async () => { await server?.client.close(); });

  const db = () => server.client.app.store.db;
  const demoRp = () => relyingParty(server, 'demo-rp', 'demo-rp-secret');
  const signedIn = async (account = 'lisi') => (await signedInBrowser(server, account)).browser;
  /** A raw authorisation request (what an attacker may send), followed until it leaves the portal. */
  const rawAuthorize = async (browser: Browser, params: Record<string, string>) =>
    browser.follow(`${server.issuer}/auth?${new URLSearchParams({ response_type: 'code', scope: 'openid', ...params }).toString()}`);

  it('refuses a code used twice, and revokes what the first use issued', async () => {
    const config = await demoRp();
    const auth = await authorize(config, await signedIn(), DEMO_REDIRECT);
    const tokens = await exchange(config, auth);
    expect(await refusal(exchange(config, auth))).toBe('invalid_grant');
    expect(await refusal(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck))).toBe('invalid_token');
    expect(await refusal(oidc.refreshTokenGrant(config, tokens.refresh_token!))).toBe('invalid_grant');
  });

  it('lets exactly one of several racing exchanges of a code (or of a refresh token) through', async () => {
    const config = await demoRp();
    const auth = await authorize(config, await signedIn(), DEMO_REDIRECT);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => exchange(config, auth)));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
    for (const r of results) if (r.status === 'rejected') expect(await refusal(Promise.reject(r.reason))).toBe('invalid_grant');
    // The losers used a spent code: the grant is revoked, the winner's tokens with it.
    const winner = results.find((r) => r.status === 'fulfilled')!.value;
    expect(await refusal(oidc.fetchUserInfo(config, winner.access_token, oidc.skipSubjectCheck))).toBe('invalid_token');
    expect(await refusal(oidc.refreshTokenGrant(config, winner.refresh_token!))).toBe('invalid_grant');

    const fresh = await exchange(config, await authorize(config, await signedIn(), DEMO_REDIRECT));
    const refreshed = await Promise.allSettled(Array.from({ length: 6 }, () => oidc.refreshTokenGrant(config, fresh.refresh_token!)));
    expect(refreshed.filter((r) => r.status === 'fulfilled').length).toBe(1);
  });

  it('requires PKCE S256: a request without it, or with plain, is refused at the redirect URI; a wrong verifier gets no tokens', async () => {
    const browser = await signedIn();
    const missing = await rawAuthorize(browser, { client_id: 'demo-rp', redirect_uri: DEMO_REDIRECT, state: 's1' });
    expect(missing.url.toString().startsWith(DEMO_REDIRECT)).toBe(true);
    expect(missing.url.searchParams.get('error')).toBe('invalid_request');
    expect(missing.url.searchParams.has('code')).toBe(false);
    const plain = await rawAuthorize(browser, { client_id: 'demo-rp', redirect_uri: DEMO_REDIRECT, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    expect(plain.url.searchParams.get('error')).toBe('invalid_request');

    const config = await demoRp();
    const auth = await authorize(config, browser, DEMO_REDIRECT);
    expect(await refusal(exchange(config, { ...auth, verifier: oidc.randomPKCECodeVerifier() }))).toBe('invalid_grant');
    // No verifier at all: refused too, and the code is spent either way.
    const other = await authorize(config, browser, DEMO_REDIRECT);
    expect(await refusal(oidc.authorizationCodeGrant(config, other.callback!, { expectedState: other.state, expectedNonce: other.nonce }))).toBe('invalid_grant');
  });

  it('never redirects to a redirect URI the application did not register', async () => {
    const browser = await signedIn();
    for (const redirect of ['https://evil.example.com/callback', 'http://127.0.0.1:8765/callback/../evil', 'http://127.0.0.1:8765/callback?x=1']) {
      const res = await browser.request(`${server.issuer}/auth?${new URLSearchParams({
        client_id: 'demo-rp', response_type: 'code', scope: 'openid', redirect_uri: redirect, code_challenge: 'a'.repeat(43), code_challenge_method: 'S256',
      }).toString()}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('invalid_redirect_uri');
    }
  });

  it('refuses a wrong client secret (basic and post) and keeps the code for the real application', async () => {
    const config = await demoRp();
    const auth = await authorize(config, await signedIn(), DEMO_REDIRECT);
    const wrongBasic = await relyingParty(server, 'demo-rp', 'guess', oidc.ClientSecretBasic('guess'));
    expect(await refusal(exchange(wrongBasic, auth))).toBe('invalid_client');
    const wrongPost = await relyingParty(server, 'demo-rp', 'guess', oidc.ClientSecretPost('guess'));
    expect(await refusal(exchange(wrongPost, auth))).toBe('invalid_client');
    // Another application's valid secret is no better.
    const other = await createOidcApp(server.client);
    expect(await refusal(exchange(await relyingParty(server, 'demo-rp', other.secret), auth))).toBe('invalid_client');
    expect((await exchange(config, auth)).claims()?.preferred_username).toBe('lisi');
  });

  it('answers access_denied at the application to a user without permission, and logs the refusal', async () => {
    const config = await demoRp();
    const auth = await authorize(config, await signedIn('emp0001'), DEMO_REDIRECT);
    expect(auth.callback?.searchParams.get('error')).toBe('access_denied');
    expect(auth.callback?.searchParams.get('state')).toBe(auth.state);
    expect(auth.callback?.searchParams.has('code')).toBe(false);
    const appRef = (await db().selectFrom('apps').select('id').where('client_id', '=', 'demo-rp').executeTakeFirstOrThrow()).id;
    const refusals = (await accessLog(server.client, appRef)).filter((r) => r.account === 'emp0001');
    expect(refusals.at(-1)).toMatchObject({ opt_type: 'SSO', is_success: 0, login_msg: 'E30065' });
  });

  it('stops honouring a user whose permission is revoked: no refresh, no userinfo, access_denied at the next sign-in', async () => {
    const app = await createOidcApp(server.client, { grant: ['emp0150'] });
    const config = await relyingParty(server, app.clientId, app.secret);
    const browser = await signedIn('emp0150');
    const tokens = await exchange(config, await authorize(config, browser, app.redirectUri));
    const user = await db().selectFrom('users').select('id').where('user_id', '=', 'emp0150').executeTakeFirstOrThrow();
    await db().deleteFrom('user_apps').where('user_ref', '=', user.id).where('app_ref', '=', app.appRef).execute();
    expect(await refusal(oidc.refreshTokenGrant(config, tokens.refresh_token!))).toBe('invalid_grant');
    expect(await refusal(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck))).toBe('invalid_token');
    expect((await authorize(config, browser, app.redirectUri)).callback?.searchParams.get('error')).toBe('access_denied');
  });

  it('spends a code whose exchange is refused after the provider consumed it (the account check), so it is worth nothing later', async () => {
    const app = await createOidcApp(server.client, { grant: ['emp0153'] });
    const config = await relyingParty(server, app.clientId, app.secret);
    const auth = await authorize(config, await signedIn('emp0153'), app.redirectUri);
    const user = await db().selectFrom('users').select('id').where('user_id', '=', 'emp0153').executeTakeFirstOrThrow();
    await db().deleteFrom('user_apps').where('user_ref', '=', user.id).where('app_ref', '=', app.appRef).execute();
    expect(await refusal(exchange(config, auth))).toBe('invalid_grant');
    const code = await db().selectFrom('oidc_payloads').select('consumed_at').where('kind', '=', 'AuthorizationCode')
      .where('id', '=', auth.callback!.searchParams.get('code')!).executeTakeFirst();
    expect(code?.consumed_at).not.toBeNull();
    await db().insertInto('user_apps').values({ user_ref: user.id, app_ref: app.appRef, granted_at: Date.now() }).execute();
    expect(await refusal(exchange(config, auth))).toBe('invalid_grant');
  });

  it('honours a permission held through a group, and stops when the user leaves the group', async () => {
    const app = await createOidcApp(server.client, { grant: [] });
    const user = await db().selectFrom('users').select('id').where('user_id', '=', 'emp0152').executeTakeFirstOrThrow();
    const group = await db().selectFrom('mail_groups').select('id').where('group_code', '=', 'GS-FIN-SYS').executeTakeFirstOrThrow();
    await db().insertInto('group_members').values({ group_ref: group.id, user_ref: user.id, added_at: Date.now() }).onConflict((oc) => oc.doNothing()).execute();
    await db().insertInto('app_group_grants').values({ app_ref: app.appRef, group_ref: group.id, granted_at: Date.now() }).execute();
    const config = await relyingParty(server, app.clientId, app.secret);
    const tokens = await exchange(config, await authorize(config, await signedIn('emp0152'), app.redirectUri));
    expect((await oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).preferred_username).toBe('emp0152');
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    await db().deleteFrom('group_members').where('group_ref', '=', group.id).where('user_ref', '=', user.id).execute();
    expect(await refusal(oidc.refreshTokenGrant(config, refreshed.refresh_token!))).toBe('invalid_grant');
    expect(await refusal(oidc.fetchUserInfo(config, refreshed.access_token, oidc.skipSubjectCheck))).toBe('invalid_token');
  });

  it('signs a disabled user into nothing: tokens stop working and the next request goes to /login', async () => {
    const app = await createOidcApp(server.client, { grant: ['emp0151'] });
    const config = await relyingParty(server, app.clientId, app.secret);
    const browser = await signedIn('emp0151');
    const auth = await authorize(config, browser, app.redirectUri);
    const tokens = await exchange(config, auth);
    const pending = await authorize(config, browser, app.redirectUri);
    await db().updateTable('users').set({ enabled: 0 }).where('user_id', '=', 'emp0151').execute();
    expect(await refusal(oidc.refreshTokenGrant(config, tokens.refresh_token!))).toBe('invalid_grant');
    expect(await refusal(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck))).toBe('invalid_token');
    // A code issued just before is worth nothing after.
    expect(await refusal(exchange(config, pending))).toBe('invalid_grant');
    const next = await authorize(config, browser, app.redirectUri);
    expect(next.callback).toBeNull();
    expect(next.stoppedAt.url.pathname).toBe('/login');
  });

  it('signs nobody into a disabled application, and its back end can no longer exchange codes', async () => {
    const app = await createOidcApp(server.client);
    const config = await relyingParty(server, app.clientId, app.secret);
    const browser = await signedIn();
    const auth = await authorize(config, browser, app.redirectUri);
    // Disabled in the workbench between the authorisation and the exchange: the provider's copy of the client goes at once.
    const admins = await signInAdministrators(server.client);
    await adminApi(() => server.client, byDuty(() => admins)).ok('/apps/disable', { id: app.appRef });
    expect(await refusal(exchange(config, auth))).toBe('invalid_client');
    const res = await browser.request(oidc.buildAuthorizationUrl(config, {
      redirect_uri: app.redirectUri, scope: 'openid', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256',
    }).toString());
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('detects a tampered id_token: its signature fails against JWKS, and the provider refuses it as a logout hint', async () => {
    const config = await demoRp();
    const tokens = await exchange(config, await authorize(config, await signedIn(), DEMO_REDIRECT));
    const [header, payload, signature] = tokens.id_token!.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, preferred_username: 'admin' })).toString('base64url'), signature].join('.');
    await expect(verifyWithJwks(server, forged, 'demo-rp')).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
    await expect(verifyWithJwks(server, tokens.id_token!, 'demo-rp')).resolves.toBeTruthy();
    const res = await new Browser(server.base).request(`${server.issuer}/session/end?${new URLSearchParams({ id_token_hint: forged, post_logout_redirect_uri: 'http://127.0.0.1:8765/' })}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('refuses an expired code', async () => {
    const config = await demoRp();
    const auth = await authorize(config, await signedIn(), DEMO_REDIRECT);
    server.client.clock.advance(2 * 60_000);
    expect(await refusal(exchange(config, auth))).toBe('invalid_grant');
  });

  it('keeps an interaction to the browser that started it, and answers prompt=none without a portal session with login_required', async () => {
    const config = await demoRp();
    const started = await authorize(config, new Browser(server.base), DEMO_REDIRECT);
    const interaction = started.stoppedAt.url.searchParams.get('redirect')!;
    // Another browser (signed in, but without the interaction cookie) cannot finish it.
    const thief = await signedIn();
    const stolen = await thief.request(interaction);
    expect(stolen.status).toBe(400);
    expect(stolen.headers.get('location')).toBeNull();

    const silent = await authorize(config, new Browser(server.base), DEMO_REDIRECT, { prompt: 'none' });
    expect(silent.callback?.searchParams.get('error')).toBe('login_required');
  });

  it('builds every address from the configured public URL, whatever Host the request names', async () => {
    const res = await fetch(`${server.issuer}/.well-known/openid-configuration`, { headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'https' } });
    const meta = await res.json();
    expect(meta.issuer).toBe(server.issuer);
    expect(meta.token_endpoint).toBe(`${server.issuer}/token`);
  });
});
