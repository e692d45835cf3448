import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { buildApp } from '../../server/app.js';
import { readConfig, type Config } from '../../server/platform/config.js';
import { freePort } from '../support/freePort.js';
import { adminApi, unique } from './adminHarness.js';
import { ROOMY_SMS_BUDGETS, clientFor, signIn, startClient, storeCases, type Client } from './harness.js';
import { authorize, createOidcApp, exchange, logoutReceiver, refusal, relyingParty, signedInBrowser, type OidcServer } from './oidcFlow.js';

/**
 * The addresses the server calls itself — back-channel logout URIs — never reach loopback,
 * private, link-local or metadata addresses in production unless OUTBOUND_ALLOW names them
 * (DESIGN.md §5): refused when saved, and again after DNS when called. A test-mode instance
 * seeds the demo organisation and serves the sign-ins; production instances on the same
 * database (sessions and provider records are shared) save settings and run the sweep.
 */
describe.each(storeCases())('outgoing calls: back-channel logout addresses in production ($name)', (store) => {
  let seeded: Client;
  let server: OidcServer;
  /** Production, no allow-list; its log lines are kept. */
  let production: Client;
  /** Production, with an operator's allow-list. */
  let allowing: Client;
  let admin: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const databaseUrl = store.url('outbound');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const oidcSettings: Partial<Config> = { publicUrl: base, oidc: { keyRotationDays: 90, logoutSweepMs: 0 } };
    seeded = await startClient(store, 'outbound', oidcSettings, undefined, databaseUrl);
    await seeded.app.listen({ port, host: '127.0.0.1' });
    server = { client: seeded, base, issuer: `${base}/oidc` };
    const config = readConfig({ IDAAS_MODE: 'test', DATABASE_URL: databaseUrl, ...ROOMY_SMS_BUDGETS }, { staticDir: null, mode: 'production', ...oidcSettings });
    production = clientFor(await buildApp({ config, logger: true, logStream: { write: (line) => { lines.push(JSON.parse(line)); } } }));
    allowing = await startClient(store, 'outbound', { mode: 'production', ...oidcSettings }, {
      ...ROOMY_SMS_BUDGETS, OUTBOUND_ALLOW: '10.0.0.0/8, 192.168.1.7, [fd12::1], localhost',
    }, databaseUrl);
    admin = await signIn(seeded, 'admin');
  });
  afterAll(async () => {
    await production?.close();
    await allowing?.close();
    await seeded?.close();
  });

  const onProduction = adminApi(() => production, () => admin);
  const onAllowing = adminApi(() => allowing, () => admin);
  const oidcApp = (extra: Record<string, unknown>) => {
    const appId = unique('obrp');
    return {
      appId, appName: `应用 ${appId}`, idpSsoUrl: `https://${appId}.example.com/`, loginTypes: ['ACCOUNT'], legacy: false,
      redirectUris: [`https://${appId}.example.com/callback`], ...extra,
    };
  };

  /** Every spelling of a forbidden address an administrator might try; the URL parser normalises the IPv4 ones. */
  const FORBIDDEN = [
    'http://127.0.0.1:5432/',
    'http://2130706433:5432/',
    'http://0x7f.1/logout',
    'http://0177.0.0.1/logout',
    'http://127.1/logout',
    'http://[::1]/logout',
    'https://[::ffff:127.0.0.1]/logout',
    'https://[::ffff:7f00:1]/logout',
    'https://[64:ff9b::7f00:1]/logout',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/latest/meta-data/',
    'https://[::ffff:169.254.169.254]/',
    'https://10.0.0.5/logout',
    'https://172.16.9.9/logout',
    'https://192.168.1.8/logout',
    'https://100.64.0.1/logout',
    'https://[fd12::2]/logout',
    'https://[fe80::1]/logout',
    'https://169.254.1.1/logout',
    'https://0.0.0.0/logout',
    'https://[::]/logout',
    'https://224.0.0.1/logout',
    'https://255.255.255.255/logout',
    'http://localhost:5432/',
    'https://db.localhost./',
  ];

  it('refuses saving a back-channel logout URI the server may not call: 400 E00001 naming the field', async () => {
    const app = await onProduction.ok('/apps/create', oidcApp({ backchannelLogoutUri: 'https://rp.example.com/logout' }));
    for (const uri of FORBIDDEN) {
      const created = await onProduction.post('/apps/create', oidcApp({ backchannelLogoutUri: uri }));
      expect({ uri, status: created.statusCode, code: created.json().code }).toEqual({ uri, status: 400, code: 'E00001' });
      expect(created.json().message, uri).toMatch(/backchannelLogoutUri: the server may not call this address/);
      const updated = await onProduction.post('/apps/update', { id: app.id, backchannelLogoutUri: uri });
      expect({ uri, status: updated.statusCode, code: updated.json().code }).toEqual({ uri, status: 400, code: 'E00001' });
    }
    expect(await onProduction.ok('/apps/get', { id: app.id })).toMatchObject({ backchannelLogoutUri: 'https://rp.example.com/logout' });
    // A name is judged after DNS, when it is called; an unrelated change leaves the saved address alone.
    await onProduction.ok('/apps/update', { id: app.id, backchannelLogoutUri: 'https://logout.intranet.example/bc' });
    await onProduction.ok('/apps/update', { id: app.id, appName: 'renamed' });
    const refused = await production.post('/admin/v1/apps/update', { id: app.id, backchannelLogoutUri: 'https://169.254.169.254/' }, { token: admin, headers: { 'accept-language': 'en' } });
    expect(refused.json().message).toBe('Invalid input — backchannelLogoutUri: the server may not call this address: 169.254.169.254 is a cloud metadata address (unless the operator names it in OUTBOUND_ALLOW)');
    // The demo's loopback sample keeps working outside production.
    await adminApi(() => seeded, () => admin).ok('/apps/update', { id: app.id, backchannelLogoutUri: 'http://127.0.0.1:8765/backchannel-logout' });
  });

  it('saves what the operator allows in OUTBOUND_ALLOW (addresses, ranges, names), and nothing else', async () => {
    const app = await onAllowing.ok('/apps/create', oidcApp({ backchannelLogoutUri: 'https://10.20.30.40/logout' }));
    for (const uri of ['https://10.0.0.5/logout', 'https://[::ffff:10.1.2.3]/logout', 'https://192.168.1.7/logout', 'https://[fd12::1]/logout', 'http://localhost:8080/logout']) {
      await onAllowing.ok('/apps/update', { id: app.id, backchannelLogoutUri: uri });
      expect((await onAllowing.ok('/apps/get', { id: app.id })).backchannelLogoutUri).toBe(uri);
    }
    for (const uri of ['https://192.168.1.8/logout', 'https://[fd12::2]/logout', 'https://169.254.169.254/', 'http://127.0.0.1:5432/']) {
      const res = await onAllowing.post('/apps/update', { id: app.id, backchannelLogoutUri: uri });
      expect({ uri, code: res.json().code }).toEqual({ uri, code: 'E00001' });
    }
  });

  it('at the call, refuses a name that resolves to loopback, logs it without the token, and still signs the session out', async () => {
    const receiver = await logoutReceiver();
    const port = new URL(receiver.uri).port;
    try {
      // Saved before the rule (or under an earlier allow-list): only the call's check stands in the way.
      const byName = await createOidcApp(seeded, { grant: ['lisi'], backchannelUri: `http://localhost:${port}/backchannel-logout` });
      const byAddress = await createOidcApp(seeded, { grant: ['lisi'], backchannelUri: `http://127.0.0.1:${port}/backchannel-logout` });
      const config = await relyingParty(server, byName.clientId, byName.secret);
      const { browser, token } = await signedInBrowser(server, 'lisi');
      const tokens = await exchange(config, await authorize(config, browser, byName.redirectUri));
      const other = await relyingParty(server, byAddress.clientId, byAddress.secret);
      await exchange(other, await authorize(other, browser, byAddress.redirectUri));

      expect((await seeded.post('/auth/v1/logout', {}, { token })).json().code).toBe('D00000');
      lines.length = 0;
      expect(await production.app.oidc.sweep()).toBe(1);
      expect(receiver.tokens).toHaveLength(0);
      const refused = lines.filter((l) => l.msg === 'back-channel logout refused: address not allowed');
      expect(refused).toEqual(expect.arrayContaining([
        expect.objectContaining({ clientId: byName.clientId, host: 'localhost', address: '127.0.0.1', range: 'loopback' }),
        expect.objectContaining({ clientId: byAddress.clientId, host: '127.0.0.1', address: '127.0.0.1', range: 'loopback' }),
      ]));
      expect(JSON.stringify(lines)).not.toMatch(/eyJ|logout_token|backchannel-logout/);
      // The session is signed out all the same: what it granted is revoked.
      expect(await refusal(oidc.refreshTokenGrant(config, tokens.refresh_token!))).toBe('invalid_grant');

      // Where the operator names it, the same address is called.
      const again = await signedInBrowser(server, 'lisi');
      await exchange(config, await authorize(config, again.browser, byName.redirectUri));
      expect((await seeded.post('/auth/v1/logout', {}, { token: again.token })).json().code).toBe('D00000');
      expect(await allowing.app.oidc.sweep()).toBe(1);
      expect(receiver.tokens).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
