import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storeCases } from './harness.js';
import { freePort } from '../support/freePort.js';
import { createOidcApp, signedInBrowser, startOidc, type OidcServer, type TestApp } from './oidcFlow.js';

/** The sample application (examples/oidc-rp) signing a portal user in, signing out, and being signed out by the portal. */
describe.each(storeCases())('the sample relying party ($name)', (store) => {
  let server: OidcServer;
  let rp: ChildProcess;
  let app: TestApp;
  let origin: string;

  beforeAll(async () => {
    server = await startOidc(store, 'oidcexample');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    app = await createOidcApp(server.client, { grant: ['lisi'], origin, backchannelUri: `${origin}/backchannel-logout` });
    rp = spawn(process.execPath, [inject('compiled').oidcRp], {
      env: { ...process.env, ISSUER: server.issuer, CLIENT_ID: app.clientId, CLIENT_SECRET: app.secret, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      rp.stderr!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('Demo RP on')) resolve(); });
      rp.once('exit', (code) => reject(new Error(`the sample exited with ${code}`)));
    });
  });
  afterAll(async () => {
    rp?.kill();
    await server?.client.close();
  });

  /** The browser on both origins: the portal's cookies in the jar, the application's one by hand. */
  async function signInThroughSample(account: string) {
    const { browser, token } = await signedInBrowser(server, account);
    const login = await fetch(`${origin}/login`, { redirect: 'manual' });
    const rpCookie = login.headers.getSetCookie()[0].split(';')[0];
    const landed = await browser.follow(login.headers.get('location')!);
    const callback = await fetch(landed.url, { headers: { cookie: rpCookie }, redirect: 'manual' });
    return { browser, token, rpCookie, callback };
  }
  const page = async (rpCookie: string) => (await fetch(`${origin}/`, { headers: { cookie: rpCookie } })).text();

  it('signs lisi in through the portal and shows her name; signing out of the portal signs her out of it', async () => {
    const { token, rpCookie, callback } = await signInThroughSample('lisi');
    expect(callback.status).toBe(302);
    expect(await page(rpCookie)).toContain('李四');

    await server.client.post('/auth/v1/logout', {}, { token });
    expect(await server.client.app.oidc.sweep()).toBe(1);
    expect(await page(rpCookie)).toContain('Sign in with the portal');
  });

  it('refuses someone without permission: the portal answers access_denied and the sample shows no one', async () => {
    const { rpCookie, callback } = await signInThroughSample('emp0001');
    expect(callback.status).toBe(400);
    expect(await page(rpCookie)).toContain('Sign in with the portal');
  });
});
