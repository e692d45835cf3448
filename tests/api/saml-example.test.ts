import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storeCases } from './harness.js';
import { freePort } from '../support/freePort.js';
import { signedInBrowser, startOidc, type OidcServer } from './oidcFlow.js';
import { moveApp, postedForm, startSample } from './samples.js';

/** The sample service provider (examples/saml-sp) as the demo SP demo-saml: signing in, being refused, single logout. */
describe.each(storeCases())('the sample SAML service provider ($name)', (store) => {
  let server: OidcServer;
  let sp: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    server = await startOidc(store, 'samlexample');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    await moveApp(server.client, 'demo-saml', 'http://127.0.0.1:8767', origin);
    sp = await startSample(inject('compiled').samlSp, { IDP: server.base, PORT: String(port) }, 'Demo SAML SP on');
  });
  afterAll(async () => {
    sp?.kill();
    await server?.client.close();
  });

  /** The browser: the portal's cookies in the jar; the SP's cookie by hand (it sets it on the ACS's answer). */
  async function signInThroughSample(account: string) {
    const { browser, token } = await signedInBrowser(server, account);
    const login = await fetch(`${origin}/login`, { redirect: 'manual' });
    // Signed in already: the portal answers the AuthnRequest at once with its self-submitting form.
    const { res } = await browser.follow(login.headers.get('location')!);
    const { action, fields } = postedForm(await res!.text());
    expect(action).toBe(`${origin}/acs`);
    const acs = await fetch(action, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    const spCookie = acs.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    return { browser, token, acs, spCookie };
  }
  const home = async (spCookie: string) => (await fetch(`${origin}/`, { headers: { cookie: spCookie } })).text();

  it('serves its metadata: its entity ID, ACS and SLO on its own port', async () => {
    const metadata = await (await fetch(`${origin}/metadata`)).text();
    expect(metadata).toContain(`entityID="${origin}/metadata"`);
    expect(metadata).toContain(`Location="${origin}/acs"`);
    expect(metadata).toContain(`Location="${origin}/slo"`);
  });

  it('signs lisi in with a persistent NameID and her attributes', async () => {
    const { acs, spCookie } = await signInThroughSample('lisi');
    expect(acs.status).toBe(302);
    const page = await home(spCookie);
    expect(page).toContain('<h1 id="who">李四</h1>');
    expect(page).toContain('urn:oasis:names:tc:SAML:2.0:nameid-format:persistent');
    expect(page).toMatch(/<td>[^<]*lisi[^<]*<\/td>/);
    expect(page).not.toMatch(/id="name-id">lisi</);
  });

  it('signs out through the portal: its LogoutRequest ends the portal session, the LogoutResponse comes back', async () => {
    const { browser, token, spCookie } = await signInThroughSample('lisi');
    // SP-initiated single logout: a LogoutRequest to the portal, its LogoutResponse back to /slo.
    const logout = await fetch(`${origin}/logout`, { method: 'POST', headers: { cookie: spCookie }, redirect: 'manual' });
    expect(await home(spCookie)).toContain('Sign in with the portal');
    const { url, res } = await browser.follow(logout.headers.get('location')!);
    const answered = res ? postedForm(await res.text()) : null;
    const back = answered
      ? await fetch(answered.action, { method: 'POST', body: new URLSearchParams(answered.fields), redirect: 'manual' })
      : await fetch(url, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect((await server.client.get('/idaas/personal/v1/current-user-detail', { token })).json().code).not.toBe('D00000');
  });

  it('shows the portal\'s refusal of someone without permission: Responder / RequestDenied', async () => {
    const { acs, spCookie } = await signInThroughSample('emp0001');
    expect(acs.status).toBe(403);
    expect(await acs.text()).toContain('Responder / RequestDenied');
    expect(await home(spCookie)).toContain('Sign in with the portal');
  });
});
