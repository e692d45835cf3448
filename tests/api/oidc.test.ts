import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { sql } from 'kysely';
import { sha256 } from '../../server/platform/lib/crypto.js';
import { storeCases } from './harness.js';
import {
  Browser, accessLog, authorize, createOidcApp, exchange, refusal, relyingParty, signedInBrowser, startOidc, verifyWithJwks, type OidcServer,
} from './oidcFlow.js';

const DEMO_REDIRECT = 'http://127.0.0.1:8765/callback';

describe.each(storeCases())('OpenID Connect provider ($name)', (store) => {
  let server: OidcServer;
  beforeAll(async () => {
    server = await startOidc(store, 'oidc');
  });
  afterAll(async () => { await server?.client.close(); });

  const demoRp = () => relyingParty(server, 'demo-rp', 'demo-rp-secret');
  const appRefOf = async (clientId: string) => (await server.client.app.store.db.selectFrom('apps').select('id').where('client_id', '=', clientId).executeTakeFirstOrThrow()).id;

  it('publishes discovery: issuer under /oidc, S256 only, the client authentication methods, JWKS', async () => {
    const res = await fetch(`${server.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = await res.json();
    expect(meta).toMatchObject({
      issuer: server.issuer,
      authorization_endpoint: `${server.issuer}/auth`,
      token_endpoint: `${server.issuer}/token`,
      userinfo_endpoint: `${server.issuer}/me`,
      jwks_uri: `${server.issuer}/jwks`,
      end_session_endpoint: `${server.issuer}/session/end`,
      revocation_endpoint: `${server.issuer}/token/revocation`,
      introspection_endpoint: `${server.issuer}/token/introspection`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      backchannel_logout_supported: true,
    });
    expect(meta.token_endpoint_auth_methods_supported.sort()).toEqual(['client_secret_basic', 'client_secret_post', 'private_key_jwt']);
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'phone', 'roles', 'offline_access']));
    const jwks = await (await fetch(meta.jwks_uri)).json();
    expect(jwks.keys.map((k: { alg: string }) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    // Public halves only.
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
    // The provider sees only its own mount: the portal's API and SPA are not behind it.
    expect((await fetch(`${server.base}/oidc-nothing`)).status).not.toBe(200);
  });

  it('signs a portal user straight into the application (code + PKCE), with a validated id_token, claims and userinfo', async () => {
    const { browser } = await signedInBrowser(server, 'lisi');
    const config = await demoRp();
    const auth = await authorize(config, browser, DEMO_REDIRECT);
    // Single sign-on: no page was shown, the browser went from the authorisation request to the application.
    expect(auth.callback?.searchParams.get('code')).toBeTruthy();
    expect(auth.callback?.searchParams.get('iss')).toBe(server.issuer);
    const tokens = await exchange(config, auth);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: server.issuer, aud: 'demo-rp', nonce: auth.nonce, preferred_username: 'lisi', name: '李四', roles: ['RP_USER'] });
    expect(claims.phone_number).toBe('13800000002');
    expect(claims.sub).not.toContain('lisi');
    // The signature checks out against the published keys, independently of openid-client.
    const verified = await verifyWithJwks(server, tokens.id_token!, 'demo-rp');
    expect(verified.payload.sub).toBe(claims.sub);
    expect(['RS256']).toContain(verified.protectedHeader.alg);

    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: claims.sub, preferred_username: 'lisi', name: '李四', roles: ['RP_USER'], phone_number: '13800000002' });
    expect(tokens.refresh_token).toBeTruthy();

    // The same user gets the same sub next time; a silent request (prompt=none) gets a code too.
    const again = await exchange(config, await authorize(config, browser, DEMO_REDIRECT, { prompt: 'none' }));
    expect(again.claims()!.sub).toBe(claims.sub);

    // Every code issued is an app-access entry in the user's log.
    const log = (await accessLog(server.client, await appRefOf('demo-rp'))).filter((r) => r.account === 'lisi');
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log.every((r) => r.opt_type === 'SSO' && r.is_success === 1 && r.login_msg === 'D00000')).toBe(true);
  });

  it('sends someone without a portal session to /login with the application, and finishes the sign-in when they come back', async () => {
    const config = await demoRp();
    const browser = new Browser(server.base);
    const first = await authorize(config, browser, DEMO_REDIRECT);
    expect(first.callback).toBeNull();
    const stop = first.stoppedAt;
    // The interaction answered with the sign-in page's address; the browser (an SPA route) stops there.
    expect(stop.url.pathname).toBe('/login');
    expect(stop.url.searchParams.get('appId')).toBe('demo-rp');
    const back = stop.url.searchParams.get('redirect')!;
    expect(back).toMatch(/^\/oidc-interaction\/[\w-]+$/);

    // The user signs in on /login (the portal API), then the page returns to the interaction.
    const { token } = await signedInBrowser(server, 'zhangsan');
    browser.setCookie('idaas_token', token);
    const done = await browser.follow(back);
    const callback = done.url;
    expect(callback.toString().startsWith(DEMO_REDIRECT)).toBe(true);
    expect(callback.searchParams.get('state')).toBe(first.state);
    const tokens = await exchange(config, { ...first, callback });
    expect(tokens.claims()).toMatchObject({ preferred_username: 'zhangsan', roles: ['RP_ADMIN'] });
  });

  it('rotates refresh tokens and refuses a reused one, revoking the whole grant', async () => {
    const { browser } = await signedInBrowser(server, 'lisi');
    const config = await demoRp();
    const tokens = await exchange(config, await authorize(config, browser, DEMO_REDIRECT));
    const first = tokens.refresh_token!;
    const rotated = await oidc.refreshTokenGrant(config, first);
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(first);
    expect(rotated.claims()?.sub).toBe(tokens.claims()!.sub);
    // The replaced token again: refused, and the grant it came from is revoked with it.
    expect(await refusal(oidc.refreshTokenGrant(config, first))).toBe('invalid_grant');
    expect(await refusal(oidc.refreshTokenGrant(config, rotated.refresh_token!))).toBe('invalid_grant');
    expect(await refusal(oidc.fetchUserInfo(config, rotated.access_token, oidc.skipSubjectCheck))).toBe('invalid_token');
  });

  it('revokes and introspects tokens for the application that holds them only', async () => {
    const { browser } = await signedInBrowser(server, 'lisi');
    const config = await demoRp();
    const tokens = await exchange(config, await authorize(config, browser, DEMO_REDIRECT));
    const live = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(live).toMatchObject({ active: true, client_id: 'demo-rp', sub: tokens.claims()!.sub });

    // Another application may not look into (or revoke) demo-rp's token.
    const other = await createOidcApp(server.client);
    const otherConfig = await relyingParty(server, other.clientId, other.secret);
    expect((await oidc.tokenIntrospection(otherConfig, tokens.access_token)).active).toBe(false);
    await oidc.tokenRevocation(otherConfig, tokens.access_token).catch(() => undefined);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);

    await oidc.tokenRevocation(config, tokens.access_token);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    expect(await refusal(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck))).toBe('invalid_token');
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    expect(await refusal(oidc.refreshTokenGrant(config, tokens.refresh_token!))).toBe('invalid_grant');
  });

  it('authenticates clients with client_secret_post and private_key_jwt as registered', async () => {
    const { browser } = await signedInBrowser(server, 'lisi');
    const post = await createOidcApp(server.client, { authMethod: 'client_secret_post' });
    const postConfig = await relyingParty(server, post.clientId, post.secret, oidc.ClientSecretPost(post.secret));
    expect((await exchange(postConfig, await authorize(postConfig, browser, post.redirectUri))).claims()?.preferred_username).toBe('lisi');

    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const publicJwk = { ...(await crypto.subtle.exportKey('jwk', keys.publicKey)), alg: 'ES256', use: 'sig', kid: 'rp-key' };
    const jwt = await createOidcApp(server.client, { authMethod: 'private_key_jwt', jwks: { keys: [publicJwk] } });
    const jwtConfig = await relyingParty(server, jwt.clientId, '', oidc.PrivateKeyJwt({ key: keys.privateKey, kid: 'rp-key' }));
    expect((await exchange(jwtConfig, await authorize(jwtConfig, browser, jwt.redirectUri))).claims()?.preferred_username).toBe('lisi');
    // A secret is no way in for a client registered for private_key_jwt.
    const bySecret = await relyingParty(server, jwt.clientId, jwt.secret);
    expect(await refusal(exchange(bySecret, await authorize(bySecret, browser, jwt.redirectUri)))).toBe('invalid_client');
  });

  it('asks a third-party application\'s user for consent once (CSRF-safe form), and answers access_denied when refused', async () => {
    const app = await createOidcApp(server.client, { firstParty: false });
    const config = await relyingParty(server, app.clientId, app.secret);
    const { browser } = await signedInBrowser(server, 'lisi');

    const refused = await authorize(config, browser, app.redirectUri);
    const page = refused.stoppedAt.res!;
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // Not framable; no form-action, which Chromium would also apply to the redirects after the form (to the application).
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).not.toContain('form-action');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)![1];
    expect(html).toMatch(/name="csrf" value="[0-9a-f]{64}"/);
    expect(action).toBe(`${refused.stoppedAt.url.pathname}/consent`);
    expect(html).toContain(app.appId);

    // A forged submission (no token, or another's) is no consent.
    const forged = await browser.request(action, { form: { decision: 'allow', csrf: 'x'.repeat(64) } });
    const forgedEnd = await browser.follow(forged.headers.get('location')!);
    expect(forgedEnd.url.searchParams.get('error')).toBe('access_denied');

    const denied = await authorize(config, browser, app.redirectUri);
    const deniedPage = await denied.stoppedAt.res!.text();
    const deny = await browser.request(/action="([^"]+)"/.exec(deniedPage)![1], { form: { decision: 'deny', csrf: /name="csrf" value="([^"]+)"/.exec(deniedPage)![1] } });
    const deniedEnd = await browser.follow(deny.headers.get('location')!);
    expect(deniedEnd.url.searchParams.get('error')).toBe('access_denied');
    expect(deniedEnd.url.searchParams.get('state')).toBe(denied.state);

    const asked = await authorize(config, browser, app.redirectUri);
    const askedPage = await asked.stoppedAt.res!.text();
    const allow = await browser.request(/action="([^"]+)"/.exec(askedPage)![1], { form: { decision: 'allow', csrf: /name="csrf" value="([^"]+)"/.exec(askedPage)![1] } });
    const allowed = await browser.follow(allow.headers.get('location')!);
    const tokens = await exchange(config, { ...asked, callback: allowed.url });
    expect(tokens.claims()?.preferred_username).toBe('lisi');
    // Consent is remembered: the next sign-in shows no page.
    expect((await authorize(config, browser, app.redirectUri)).callback?.searchParams.get('code')).toBeTruthy();
  });

  it('sends the user through the second factor when the application requires it, then back with amr mfa', async () => {
    const app = await createOidcApp(server.client, { secondAuth: true });
    const config = await relyingParty(server, app.clientId, app.secret);
    const { browser } = await signedInBrowser(server, 'lisi');
    const started = await authorize(config, browser, app.redirectUri);
    // No device trust on this browser: the portal's second-factor page, with a login ticket for this application.
    expect(started.callback).toBeNull();
    expect(started.stoppedAt.url.pathname).toBe('/secondAuth');
    const srmi = started.stoppedAt.url.searchParams.get('srmi')!;
    expect(started.stoppedAt.url.searchParams.get('appId')).toBe(app.appId);
    const back = started.stoppedAt.url.searchParams.get('redirect')!;

    // The page passes the factor through the portal API: a new session and the device-trust cookie.
    const { client } = server;
    const sent = (await client.post('/auth/v1/send-msg/second-auth', { srmi })).json().data;
    const sms = (await client.get('/dev/sms?mobileNo=13800000002')).json().data.code;
    const passed = await client.post('/auth/v1/second-auth', { srmi, smsCodeKey: sent.smsCodeKey, validateCode: sms, deviceId: 'oidc-device' });
    expect(passed.json().code).toBe('D00000');
    for (const cookie of passed.cookies) browser.setCookie(cookie.name, cookie.value, cookie.path ?? '/');

    const done = await browser.follow(back);
    expect(done.url.toString().startsWith(app.redirectUri)).toBe(true);
    const tokens = await exchange(config, { ...started, callback: done.url });
    expect(tokens.claims()?.amr).toEqual(['mfa']);
    // Trusted now: the next sign-in passes without any page.
    expect((await authorize(config, browser, app.redirectUri)).callback?.searchParams.get('code')).toBeTruthy();
  });

  it('launches an OIDC application from "my apps" through its initiate-login URI and refuses it a legacy code', async () => {
    const { client } = server;
    const { token } = await signedInBrowser(server, 'lisi');
    const launch = await client.get('/auth/v1/sso/go/demo-rp', { token });
    expect(launch.statusCode).toBe(302);
    const target = new URL(launch.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://127.0.0.1:8765/login');
    expect(target.searchParams.get('iss')).toBe(server.issuer);
    expect(target.searchParams.has('code')).toBe(false);
    expect((await client.post('/auth/v1/apply-token', { clientId: 'demo-rp' }, { token })).json().code).toBe('E30092');
    const emp = await signedInBrowser(server, 'emp0001');
    expect((await client.get('/auth/v1/sso/go/demo-rp', { token: emp.token })).headers.location).toBe('/permissionsNone?appId=demo-rp');
  });

  it('redeems a legacy launch code only with the application\'s client secret', async () => {
    const { client } = server;
    const { token: admin } = await signedInBrowser(server, 'admin');
    const { token: lisi } = await signedInBrowser(server, 'lisi');
    const appRef = await appRefOf('oa-client');
    const rotated = (await client.post('/admin/v1/apps/secret/rotate', { id: appRef }, { token: admin })).json();
    expect(rotated.code).toBe('D00000');
    const secret = rotated.data.clientSecret as string;
    const codeOf = async () => new URL((await client.get('/auth/v1/sso/go/oa-client', { token: lisi })).headers.location as string).searchParams.get('code')!;

    const code = await codeOf();
    expect((await client.post('/auth/v1/sso/redeem', { clientId: 'oa-client', code })).json().code).toBe('E00001');
    expect((await client.post('/auth/v1/sso/redeem', { clientId: 'oa-client', clientSecret: 'wrong', code })).json().code).toBe('E30091');
    expect((await client.post('/auth/v1/sso/redeem', { clientId: 'mail-client', clientSecret: secret, code })).json().code).toBe('E30091');
    // The wrong secrets did not burn the code.
    const redeemed = await client.post('/auth/v1/sso/redeem', { clientId: 'oa-client', clientSecret: secret, code });
    expect(redeemed.json()).toMatchObject({ code: 'D00000', data: { userId: 'lisi', userName: '李四' } });
    expect((await client.post('/auth/v1/sso/redeem', { clientId: 'oa-client', clientSecret: secret, code })).json().code).toBe('E00013');
    // A secret of an OIDC application opens no legacy code either (none is ever issued for it).
    expect((await client.post('/auth/v1/sso/redeem', { clientId: 'demo-rp', clientSecret: 'demo-rp-secret', code: await codeOf() })).json().code).toBe('E00013');
  });
  it('reports when the user really signed in as auth_time, and makes prompt=login and an exceeded max_age sign in again', async () => {
    // Real time passes here (the provider's clock is the machine's, not the portal's test clock).
    const aSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));
    const config = await demoRp();
    const signedInAt = async (token: string) => Math.floor(Number((await server.client.app.store.db.selectFrom('sessions').select('created_at')
      .where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow()).created_at) / 1000);
    const signInAgain = async (browser: Browser) => {
      const { token } = await signedInBrowser(server, 'lisi');
      browser.setCookie('idaas_token', token);
      return token;
    };
    const withPortalSession = (token: string) => {
      const browser = new Browser(server.base);
      browser.setCookie('idaas_token', token);
      return browser;
    };
    const { browser, token } = await signedInBrowser(server, 'lisi');

    // prompt=login: a portal session is not enough; the user signs in again and comes back.
    const forced = await authorize(config, browser, DEMO_REDIRECT, { prompt: 'login' });
    expect(forced.callback).toBeNull();
    expect(forced.stoppedAt.url.pathname).toBe('/login');
    await aSecond();
    const fresh = await signInAgain(browser);
    const done = await browser.follow(forced.stoppedAt.url.searchParams.get('redirect')!);
    expect(done.url.toString().startsWith(DEMO_REDIRECT)).toBe(true);
    const freshClaims = (await exchange(config, { ...forced, callback: done.url })).claims()!;
    expect(freshClaims.auth_time).toBe(await signedInAt(fresh));
    expect(freshClaims.auth_time).toBeGreaterThan(await signedInAt(token));

    // A second on, a new application session reports that sign-in's time, not the request's.
    await aSecond();
    const plain = (await exchange(config, await authorize(config, withPortalSession(fresh), DEMO_REDIRECT))).claims()!;
    expect(plain.auth_time).toBe(await signedInAt(fresh));
    expect(plain.auth_time).toBeLessThan(plain.iat);

    // max_age=1 with a sign-in over a second old: sign in again, which satisfies it.
    const stale = withPortalSession(fresh);
    const aged = await authorize(config, stale, DEMO_REDIRECT, { max_age: '1' });
    expect(aged.callback).toBeNull();
    expect(aged.stoppedAt.url.pathname).toBe('/login');
    const renewed = await signInAgain(stale);
    const finished = await stale.follow(aged.stoppedAt.url.searchParams.get('redirect')!);
    const renewedClaims = (await exchange(config, { ...aged, callback: finished.url })).claims()!;
    expect(renewedClaims.auth_time).toBe(await signedInAt(renewed));
  });

  it('answers server_error and hands out no token when the token write fails (exchange and refresh)', async () => {
    const db = server.client.app.store.db;
    // The store refuses access tokens (a trigger), so the one write that stores a token request's tokens fails.
    const refuseTokenWrites = async () => {
      if (store.name === 'sqlite') {
        await sql`create trigger refuse_token_writes before insert on oidc_payloads when new.kind = 'AccessToken' begin select raise(abort, 'token write refused'); end`.execute(db);
      } else {
        await sql`create or replace function refuse_token_writes() returns trigger language plpgsql as $$ begin raise exception 'token write refused'; end $$`.execute(db);
        await sql`create trigger refuse_token_writes before insert on oidc_payloads for each row when (new.kind = 'AccessToken') execute function refuse_token_writes()`.execute(db);
      }
    };
    const allowTokenWrites = async () => {
      await sql`drop trigger if exists refuse_token_writes ${sql.raw(store.name === 'sqlite' ? '' : 'on oidc_payloads')}`.execute(db);
    };
    const tokensStored = async () => Number((await db.selectFrom('oidc_payloads').select((eb) => eb.fn.countAll().as('n'))
      .where('kind', 'in', ['AccessToken', 'RefreshToken']).executeTakeFirstOrThrow()).n);
    const config = await demoRp();
    const { browser } = await signedInBrowser(server, 'lisi');
    // openid-client leaves a 500's body unread: the answer is the error's cause.
    const failed = async (request: Promise<unknown>) => {
      const error = await request.then(() => null, (e: unknown) => e as { cause?: Response });
      expect(error?.cause?.status).toBe(500);
      expect(await error?.cause?.json()).toMatchObject({ error: 'server_error' });
    };

    const auth = await authorize(config, browser, DEMO_REDIRECT);
    const earlier = await exchange(config, await authorize(config, browser, DEMO_REDIRECT));
    const before = await tokensStored();
    await refuseTokenWrites();
    try {
      await failed(exchange(config, auth));
      await failed(oidc.refreshTokenGrant(config, earlier.refresh_token!));
      expect(await tokensStored()).toBe(before);
    } finally {
      await allowTokenWrites();
    }
    // Nothing was handed out, and what the failed requests spent stays spent: the code and the
    // refresh token are refused (and their grants revoked, as for any reuse).
    expect(await refusal(exchange(config, auth))).toBe('invalid_grant');
    expect(await refusal(oidc.refreshTokenGrant(config, earlier.refresh_token!))).toBe('invalid_grant');
    // The store works again for the next request.
    expect((await exchange(config, await authorize(config, browser, DEMO_REDIRECT))).access_token).toBeTruthy();
  });
});
