import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordLogin, signIn, storeCases } from './harness.js';
import { Browser, startOidc, type OidcServer } from './oidcFlow.js';

const DEMO_REDIRECT = 'http://127.0.0.1:8765/callback';

describe.each(storeCases())('sign-in for an application: its name, and the way back when refused ($name)', (store) => {
  let server: OidcServer;
  beforeAll(async () => {
    server = await startOidc(store, 'destination');
  });
  afterAll(async () => { await server?.client.close(); });

  const brand = (body: unknown) => server.client.post('/auth/v1/app-brand', body);

  it('names the application a sign-in page was reached from, and nothing else about it', async () => {
    const oidcApp = (await brand({ appId: 'demo-rp' })).json();
    expect(oidcApp).toMatchObject({ code: 'D00000', data: { appName: '示例应用 Demo RP', icon: null } });
    const legacy = (await brand({ appId: 'erp' })).json().data;
    expect(Object.keys(legacy).sort()).toEqual(['appName', 'icon']);
    expect(legacy.appName).toBe('财务系统');
    expect(legacy.icon).toMatch(/^data:image\/svg\+xml/);
  });

  it('answers an unknown or disabled application exactly as no application, and bad input with E00001', async () => {
    const unknown = await brand({ appId: 'no-such-app' });
    await server.client.app.store.db.updateTable('apps').set({ enabled: 0 }).where('app_id', '=', 'hr').execute();
    const disabled = await brand({ appId: 'hr' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ code: 'D00000', message: expect.any(String), data: null });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.body).toBe(unknown.body);
    for (const body of [{}, { appId: 'x'.repeat(65) }, { appId: 7 }]) {
      const res = await brand(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('E00001');
    }
  });

  it('sends an OpenID Connect sign-in to the page naming the application; refused there, goes back to it with access_denied', async () => {
    const browser = new Browser(server.base);
    const state = 'st-destination';
    const challenge = createHash('sha256').update('a-verifier-the-application-keeps-to-itself-0123456789').digest('base64url');
    const start = `${server.issuer}/auth?${new URLSearchParams({
      client_id: 'demo-rp', response_type: 'code', scope: 'openid', redirect_uri: DEMO_REDIRECT, state, code_challenge: challenge, code_challenge_method: 'S256',
    })}`;
    const atLogin = await browser.follow(start);
    expect(atLogin.url.pathname).toBe('/login');
    expect(atLogin.url.searchParams.get('appId')).toBe('demo-rp');
    const back = atLogin.url.searchParams.get('redirect')!;
    expect(back).toMatch(/^\/oidc-interaction\/[^/]+$/);

    // emp0001 holds no permission for the demo application: the sign-in for it is refused.
    expect((await passwordLogin(server.client, 'emp0001', undefined, { appId: 'demo-rp' })).json().code).toBe('E30065');

    // Another browser (no interaction cookie) cannot end this request, nor can anyone end an unknown one.
    const stranger = await new Browser(server.base).request(`${back}/abort`);
    expect(stranger.status).toBe(400);
    expect((await browser.request('/oidc-interaction/not-a-real-uid/abort')).status).toBe(400);

    const left = await browser.follow(`${back}/abort`);
    expect(left.res).toBeNull();
    expect(`${left.url.origin}${left.url.pathname}`).toBe(DEMO_REDIRECT);
    expect(left.url.searchParams.get('error')).toBe('access_denied');
    expect(left.url.searchParams.get('state')).toBe(state);
    expect(left.url.searchParams.has('code')).toBe(false);
  });

  it('tells a public page whether the browser is signed in without a refusal either way', async () => {
    const state = (token?: string) => server.client.get('/auth/v1/session-state', { token });
    for (const res of [await state(), await state('not-a-session-token')]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'D00000', data: { signedIn: false } });
    }
    const signedIn = await state(await signIn(server.client, 'lisi'));
    expect(signedIn.json()).toMatchObject({ code: 'D00000', data: { signedIn: true } });
    expect(signedIn.headers['cache-control']).toContain('no-store');
  });
});
