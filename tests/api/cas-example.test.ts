import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storeCases } from './harness.js';
import { freePort } from '../support/freePort.js';
import { signedInBrowser, startOidc, type OidcServer } from './oidcFlow.js';
import { moveApp, startSample } from './samples.js';

/** The sample CAS client (examples/cas-client) as the demo service demo-cas: ticket, attributes, refusal, back-channel logout. */
describe.each(storeCases())('the sample CAS client ($name)', (store) => {
  let server: OidcServer;
  let client: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    server = await startOidc(store, 'casexample');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    await moveApp(server.client, 'demo-cas', 'http://127.0.0.1:8768', origin);
    client = await startSample(inject('compiled').casClient, { IDP: server.base, PORT: String(port) }, 'Demo CAS client on');
  });
  afterAll(async () => {
    client?.kill();
    await server?.client.close();
  });

  /** The browser goes to /cas/login and comes back to the client with a ticket, which the client validates. */
  async function signInThroughSample(account: string) {
    const { browser, token } = await signedInBrowser(server, account);
    const login = await fetch(`${origin}/login`, { redirect: 'manual' });
    const { url } = await browser.follow(login.headers.get('location')!);
    const landed = await fetch(url, { redirect: 'manual' });
    const clientCookie = landed.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    return { token, url, landed, clientCookie };
  }
  const home = async (cookie: string) => (await fetch(`${origin}/`, { headers: { cookie } })).text();

  it('signs lisi in with her attributes; signing out of the portal ends the client\'s session (back channel)', async () => {
    const { token, url, landed, clientCookie } = await signInThroughSample('lisi');
    expect(url.searchParams.get('ticket')).toMatch(/^ST-/);
    expect(landed.status).toBe(302);
    const page = await home(clientCookie);
    expect(page).toContain('李四');
    expect(page).toContain('<span id="user">lisi</span>');

    await server.client.post('/auth/v1/logout', {}, { token });
    expect(await server.client.app.cas.sweep()).toBe(1);
    expect(await home(clientCookie)).toContain('Sign in with the portal');
  });

  it('gets no ticket for someone without permission: the portal shows its refusal', async () => {
    const { url, clientCookie } = await signInThroughSample('emp0001');
    expect(url.origin).toBe(server.base);
    expect(url.pathname).toBe('/permissionsNone');
    expect(clientCookie).toBe('');
  });

  it('refuses a ticket it did not get from the portal', async () => {
    const res = await fetch(`${origin}/?ticket=ST-forged`, { redirect: 'manual' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('INVALID_TICKET');
  });
});
