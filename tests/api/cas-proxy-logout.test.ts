import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/platform/lib/crypto.js';
import { signIn, storeCases } from './harness.js';
import {
  casLogin, createCasApp, failureCode, logoutReceiver, pgtReceiver, selfSigned, startCas, userOf, validate, valuesOf, type CasServer,
} from './casFlow.js';
import { accessLog, signedInBrowser } from './oidcFlow.js';

describe.each(storeCases())('CAS 3.0 server: proxy tickets and single logout ($name)', (store) => {
  let server: CasServer;
  let callback: Awaited<ReturnType<typeof pgtReceiver>>;
  let receiver: Awaited<ReturnType<typeof logoutReceiver>>;
  beforeAll(async () => {
    const tls = await selfSigned();
    callback = await pgtReceiver(tls);
    receiver = await logoutReceiver();
    // The receiver's self-signed certificate is trusted by this test server only (test mode).
    server = await startCas(store, 'casproxy', { casTestCa: tls.cert });
  });
  afterAll(async () => {
    await server?.client.close();
    await callback?.close();
    await receiver?.close();
  });

  const browserOf = async (account: string) => (await signedInBrowser({ ...server, issuer: '' }, account)).browser;

  /** A proxying application (its https callback registered with it) and a back end it calls for lisi. */
  async function proxyPair() {
    const proxying = await createCasApp(server.client);
    await server.client.app.store.db.insertInto('cas_services').values({ app_ref: proxying.appRef, url: `${callback.origin}/${proxying.appId}/`, match: 'prefix', created_at: Date.now() }).execute();
    const backEnd = await createCasApp(server.client, { roles: { lisi: ['READER'] } });
    return { proxying, backEnd, pgtUrl: `${callback.origin}/${proxying.appId}/pgtCallback` };
  }

  it('a PGT goes to the https callback, its IOU in the answer; /proxy gives a PT that proxyValidate accepts with the proxy chain', async () => {
    const { proxying, backEnd, pgtUrl } = await proxyPair();
    const browser = await browserOf('lisi');
    const { ticket } = await casLogin(server, browser, proxying.service);
    const answer = await validate(server, '/p3/serviceValidate', { ticket: ticket!, service: proxying.service, pgtUrl });
    expect(userOf(answer.body)).toBe('lisi');
    const [iou] = valuesOf(answer.body, 'proxyGrantingTicket');
    expect(iou).toMatch(/^PGTIOU-/);
    const pgt = callback.pgts.get(iou)!;
    expect(pgt).toMatch(/^PGT-/);

    const proxied = await validate(server, '/proxy', { pgt, targetService: backEnd.service });
    const [pt] = valuesOf(proxied.body, 'proxyTicket');
    expect(pt).toMatch(/^PT-/);
    // A proxy ticket is no service ticket: /serviceValidate refuses it and leaves it usable.
    expect(failureCode((await validate(server, '/serviceValidate', { ticket: pt, service: backEnd.service })).body)).toBe('INVALID_TICKET_SPEC');
    const checked = await validate(server, '/p3/proxyValidate', { ticket: pt, service: backEnd.service });
    expect(userOf(checked.body)).toBe('lisi');
    expect(valuesOf(checked.body, 'proxy')).toEqual([pgtUrl]);
    expect(valuesOf(checked.body, 'roles')).toEqual(['READER']);
    expect(failureCode((await validate(server, '/proxyValidate', { ticket: pt, service: backEnd.service })).body)).toBe('INVALID_TICKET');

    const json = await validate(server, '/proxy', { pgt, targetService: backEnd.service, format: 'JSON' });
    const jsonPt = JSON.parse(json.body).serviceResponse.proxySuccess.proxyTicket as string;
    const jsonChecked = JSON.parse((await validate(server, '/proxyValidate', { ticket: jsonPt, service: backEnd.service, format: 'JSON' })).body);
    expect(jsonChecked.serviceResponse.authenticationSuccess).toMatchObject({ user: 'lisi', proxies: [pgtUrl] });
    // The back end's access through the proxy is in lisi's log.
    expect((await accessLog(server.client, backEnd.appRef)).filter((r) => r.is_success === 1).length).toBeGreaterThanOrEqual(2);
  });

  it('a pgtUrl over http, or not registered to the application, is refused with INVALID_PROXY_CALLBACK and called never', async () => {
    const { proxying } = await proxyPair();
    const browser = await browserOf('lisi');
    const calls = callback.calls;
    for (const pgtUrl of [`${callback.origin.replace('https:', 'http:')}/${proxying.appId}/pgtCallback`, `${callback.origin}/elsewhere`, 'ftp://127.0.0.1/x']) {
      const { ticket } = await casLogin(server, browser, proxying.service);
      expect(failureCode((await validate(server, '/serviceValidate', { ticket: ticket!, service: proxying.service, pgtUrl })).body), pgtUrl).toBe('INVALID_PROXY_CALLBACK');
    }
    expect(callback.calls).toBe(calls);
  });

  it('a callback that does not answer 2xx gets no IOU in the answer; the validation itself succeeds', async () => {
    const { proxying, pgtUrl } = await proxyPair();
    const browser = await browserOf('lisi');
    const { ticket } = await casLogin(server, browser, proxying.service);
    callback.answer = 500;
    try {
      const answer = await validate(server, '/serviceValidate', { ticket: ticket!, service: proxying.service, pgtUrl });
      expect(userOf(answer.body), answer.body).toBe('lisi');
      expect(answer.body).not.toContain('proxyGrantingTicket');
    } finally {
      callback.answer = 200;
    }
  });

  it('/proxy refuses an unknown PGT, an unregistered target, and a target the user may not use (logged)', async () => {
    const { proxying, pgtUrl } = await proxyPair();
    const forbidden = await createCasApp(server.client, { grant: ['zhangsan'] });
    const browser = await browserOf('lisi');
    const { ticket } = await casLogin(server, browser, proxying.service);
    const iou = valuesOf((await validate(server, '/serviceValidate', { ticket: ticket!, service: proxying.service, pgtUrl })).body, 'proxyGrantingTicket')[0];
    const pgt = callback.pgts.get(iou)!;
    expect(failureCode((await validate(server, '/proxy', { pgt: 'PGT-unknown', targetService: proxying.service })).body)).toBe('INVALID_TICKET');
    expect(failureCode((await validate(server, '/proxy', { pgt })).body)).toBe('INVALID_REQUEST');
    expect(failureCode((await validate(server, '/proxy', { pgt, targetService: 'http://unregistered.example/' })).body)).toBe('UNAUTHORIZED_SERVICE_PROXY');
    expect(failureCode((await validate(server, '/proxy', { pgt, targetService: forbidden.service })).body)).toBe('UNAUTHORIZED_SERVICE_PROXY');
    expect((await accessLog(server.client, forbidden.appRef)).some((r) => r.account === 'lisi' && r.is_success === 0)).toBe(true);
  });

  /** lisi signed in, with a validated ticket for a service at the logout receiver. */
  async function signedInService() {
    const app = await createCasApp(server.client, { patterns: [{ url: `${receiver.origin}/`, match: 'prefix' }] });
    const service = `${receiver.origin}/app/`;
    const { browser, token } = await signedInBrowser({ ...server, issuer: '' }, 'lisi');
    const { ticket } = await casLogin(server, browser, service);
    expect(userOf((await validate(server, '/serviceValidate', { ticket: ticket!, service })).body)).toBe('lisi');
    return { app, service, browser, token, ticket: ticket! };
  }
  const requestsFor = (ticket: string) => receiver.requests.filter((r) => r.includes(`<samlp:SessionIndex>${ticket}</samlp:SessionIndex>`));

  /** Sessions other tests ended (in any order) are signed out first, so a sweep's count is this test's. */
  const sweptBefore = () => server.client.app.cas.sweep();

  it('signing out of the portal sends each service a logout request naming the user and its ticket, once', async () => {
    await sweptBefore();
    const { token, ticket } = await signedInService();
    // A ticket issued but never validated opened no session at the service: nothing is sent for it.
    const unvalidated = (await casLogin(server, await browserOf('lisi'), `${receiver.origin}/other`)).ticket!;
    expect(await server.client.app.cas.sweep()).toBe(0);
    expect((await server.client.post('/auth/v1/logout', {}, { token })).json().code).toBe('D00000');
    expect(await server.client.app.cas.sweep()).toBe(1);
    expect(await server.client.app.cas.sweep()).toBe(0);
    const [request] = requestsFor(ticket);
    expect(requestsFor(ticket)).toHaveLength(1);
    expect(request).toMatch(/^<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2\.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2\.0:assertion" ID="[^"]+" Version="2\.0" IssueInstant="[^"]+">/);
    expect(request).toContain('<saml:NameID>lisi</saml:NameID>');
    expect(requestsFor(unvalidated)).toHaveLength(0);
  });

  it('sweeps run together send each logout once', async () => {
    await sweptBefore();
    const sessions = await Promise.all([signedInService(), signedInService(), signedInService()]);
    for (const s of sessions) await server.client.post('/auth/v1/logout', {}, { token: s.token });
    const counts = await Promise.all([server.client.app.cas.sweep(), server.client.app.cas.sweep(), server.client.app.cas.sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    for (const s of sessions) expect(requestsFor(s.ticket)).toHaveLength(1);
  });

  it('an administrator ending the session signs the services out too', async () => {
    await sweptBefore();
    const { token, ticket } = await signedInService();
    const security = await signIn(server.client, 'secadmin');
    const session = await server.client.app.store.db.selectFrom('sessions').select('id').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect((await server.client.post('/admin/v1/sessions/end', { id: session.id }, { token: security })).json().code).toBe('D00000');
    expect(await server.client.app.cas.sweep()).toBe(1);
    expect(requestsFor(ticket)).toHaveLength(1);
  });

  it('a ticket of a session that ended before its validation is refused, and a PGT dies with its session', async () => {
    const { proxying, pgtUrl } = await proxyPair();
    const { browser, token } = await signedInBrowser({ ...server, issuer: '' }, 'lisi');
    const { ticket } = await casLogin(server, browser, proxying.service);
    const iou = valuesOf((await validate(server, '/serviceValidate', { ticket: ticket!, service: proxying.service, pgtUrl })).body, 'proxyGrantingTicket')[0];
    const pending = (await casLogin(server, browser, proxying.service)).ticket!;
    await server.client.post('/auth/v1/logout', {}, { token });
    expect(failureCode((await validate(server, '/serviceValidate', { ticket: pending, service: proxying.service })).body)).toBe('INVALID_TICKET');
    expect(failureCode((await validate(server, '/proxy', { pgt: callback.pgts.get(iou)!, targetService: proxying.service })).body)).toBe('INVALID_TICKET');
  });
});
