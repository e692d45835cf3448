import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, storeCases } from './harness.js';
import { casLogin, createCasApp } from './casFlow.js';
import { accessLog, authorize, createOidcApp, relyingParty, signedInBrowser, startOidc, type OidcServer } from './oidcFlow.js';

/**
 * An application confined to network zones is not reached from elsewhere through a sign-in made
 * earlier for the portal (judged by the default policy): every launch — the legacy code launch,
 * CAS, OpenID Connect — checks the application's zones from where it comes, and refuses with
 * E30056, logged as a refused launch. The browser's requests here come from 127.0.0.1.
 */
describe.each(storeCases())('launching a zone-confined application on an open session ($name)', (store) => {
  let server: OidcServer;
  let security: string;
  let officeZone: number;
  beforeAll(async () => {
    server = await startOidc(store, 'risklaunch');
    security = await signIn(server.client, 'secadmin');
    const created = await server.client.post('/admin/v1/network-zones/create', { name: 'Office', kind: 'OFFICE', ranges: ['10.8.0.0/16'] }, { token: security });
    expect(created.json().code, created.body).toBe('D00000');
    officeZone = created.json().data.id;
  });
  afterAll(async () => {
    await server?.client.close();
  });

  const confine = async (appRef: number, zones: number[] | null) => {
    const policy = zones && { medium: 'ALLOW', high: 'STEP_UP', signals: {}, zones };
    const res = await server.client.post('/admin/v1/apps/risk-policy/update', { id: appRef, policy }, { token: security });
    expect(res.json().code, res.body).toBe('D00000');
  };
  const db = () => server.client.app.store.db;

  it('the legacy launch: refused from outside the zone (E30056, its page says why), allowed from inside it', async () => {
    const app = await db().selectFrom('apps').select(['id', 'app_id']).where('client_id', '=', 'mail-client').executeTakeFirstOrThrow();
    await confine(app.id, [officeZone]);
    try {
      // The portal sign-in itself (no application) follows the default policy: let through.
      const lisi = await signIn(server.client, 'lisi');
      const outside = await server.client.post('/auth/v1/apply-token', { clientId: 'mail-client' }, { token: lisi, ip: '203.0.113.9' });
      expect(outside.json().code).toBe('E30056');
      const inside = await server.client.post('/auth/v1/apply-token', { clientId: 'mail-client' }, { token: lisi, ip: '10.8.3.4' });
      expect(inside.json().code).toBe('D00000');
      const go = await server.client.get('/auth/v1/sso/go/mail-client', { token: lisi });
      expect(go.statusCode).toBe(302);
      const page = new URL(go.headers.location as string, server.base);
      expect(page.pathname).toBe('/permissionsNone');
      expect(Object.fromEntries(page.searchParams)).toEqual({ appId: app.app_id, reason: 'network' });
      const log = await accessLog(server.client, app.id);
      expect(log.filter((r) => r.account === 'lisi').map((r) => r.login_msg)).toEqual(expect.arrayContaining(['E30056', 'D00000']));
    } finally {
      await confine(app.id, null);
    }
  });

  it('CAS: no ticket from outside the zone, the refusal logged; a ticket once the zone holds the address', async () => {
    const app = await createCasApp(server.client, { grant: ['lisi'] });
    await confine(app.appRef, [officeZone]);
    const { browser } = await signedInBrowser(server, 'lisi');
    const refused = await casLogin({ client: server.client, base: server.base }, browser, app.service);
    expect(refused.ticket).toBeNull();
    expect(refused.stoppedAt.pathname).toBe('/permissionsNone');
    expect(refused.stoppedAt.searchParams.get('reason')).toBe('network');
    expect((await accessLog(server.client, app.appRef)).map((r) => r.login_msg)).toEqual(['E30056']);

    const zone = await server.client.post('/admin/v1/network-zones/update', { id: officeZone, name: 'Office', kind: 'OFFICE', ranges: ['10.8.0.0/16', '127.0.0.1/32'] }, { token: security });
    expect(zone.json().code, zone.body).toBe('D00000');
    try {
      const allowed = await casLogin({ client: server.client, base: server.base }, browser, app.service);
      expect(allowed.ticket).toMatch(/^ST-/);
    } finally {
      await server.client.post('/admin/v1/network-zones/update', { id: officeZone, name: 'Office', kind: 'OFFICE', ranges: ['10.8.0.0/16'] }, { token: security });
    }
  });

  it('OpenID Connect: a signed-in browser outside the zone gets access_denied back at the application, the refusal logged', async () => {
    const app = await createOidcApp(server.client, { grant: ['lisi'] });
    await confine(app.appRef, [officeZone]);
    const { browser } = await signedInBrowser(server, 'lisi');
    const auth = await authorize(await relyingParty(server, app.clientId, app.secret), browser, app.redirectUri);
    expect(auth.callback?.searchParams.get('error')).toBe('access_denied');
    expect(auth.callback?.searchParams.get('code')).toBeNull();
    expect((await accessLog(server.client, app.appRef)).map((r) => r.login_msg)).toEqual(['E30056']);

    await confine(app.appRef, null);
    const allowed = await authorize(await relyingParty(server, app.clientId, app.secret), browser, app.redirectUri);
    expect(allowed.callback?.searchParams.get('code')).toBeTruthy();
  });
});
