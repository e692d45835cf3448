import { createServer as createHttpsServer } from 'node:https';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Config } from '../../server/platform/config.js';
import { freePort } from '../support/freePort.js';
import { passwordLogin, sessionTokenOf, startClient, type Client, type StoreCase } from './harness.js';
import { Browser, unique } from './oidcFlow.js';

/**
 * What the CAS suites share: the portal on a real port, a browser (oidcFlow's Browser) and a
 * small CAS client speaking the protocol as a service's library does: send the browser to
 * /cas/login, take the ticket from the redirect, validate it from the "back end" over HTTP.
 */

export interface CasServer { client: Client; base: string }

export async function startCas(store: StoreCase, label: string, overrides: Partial<Config> = {}): Promise<CasServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The logout sweep runs only when a test asks (app.cas.sweep()), so tests see exactly what it did.
  const client = await startClient(store, label, { publicUrl: base, oidc: { keyRotationDays: 90, logoutSweepMs: 0 }, ...overrides });
  await client.app.listen({ port, host: '127.0.0.1' });
  return { client, base };
}

export interface CasApp { appRef: number; appId: string; service: string }

/** A CAS application made for one test: its registered patterns, the accounts granted and their roles. */
export async function createCasApp(client: Client, options: {
  patterns?: { url: string; match: 'exact' | 'prefix' }[];
  grant?: string[];
  roles?: Record<string, string[]>;
  enabled?: boolean;
  secondAuth?: boolean;
  appName?: string;
} = {}): Promise<CasApp> {
  const db = client.app.store.db;
  const appId = unique('cas');
  const service = `http://127.0.0.1:9/${appId}/`;
  const app = await db.insertInto('apps').values({
    app_id: appId, app_name: options.appName ?? `CAS ${appId}`, icon: null, client_id: appId, idp_sso_url: service,
    login_types: JSON.stringify(['ACCOUNT', 'MSG_CODE']), second_auth_required: options.secondAuth ? 1 : 0, perm_system: 1, enabled: options.enabled === false ? 0 : 1,
    sort_order: 0, created_at: Date.now(), category: null, captcha_strategy: null,
    client_secret_hash: null, client_secret_prev_hash: null, client_secret_prev_until: null,
    oidc_redirect_uris: null, oidc_post_logout_redirect_uris: null, oidc_grant_types: null, oidc_token_auth_method: null, oidc_jwks: null,
    oidc_access_token_ttl: null, oidc_id_token_ttl: null, oidc_refresh_token_ttl: null, oidc_backchannel_logout_uri: null, oidc_initiate_login_uri: null,
    oidc_first_party: 1, sso_legacy: 0,
  }).returning('id').executeTakeFirstOrThrow();
  for (const p of options.patterns ?? [{ url: service, match: 'prefix' as const }]) {
    await db.insertInto('cas_services').values({ app_ref: app.id, url: p.url, match: p.match, created_at: Date.now() }).execute();
  }
  const group = await db.insertInto('perm_groups').values({ app_ref: app.id, name: 'G' }).returning('id').executeTakeFirstOrThrow();
  const roleIds = new Map<string, number>();
  for (const code of new Set(Object.values(options.roles ?? {}).flat())) {
    roleIds.set(code, (await db.insertInto('app_roles').values({ group_ref: group.id, code, name: code }).returning('id').executeTakeFirstOrThrow()).id);
  }
  for (const account of options.grant ?? ['lisi']) {
    const user = await db.selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirstOrThrow();
    await db.insertInto('user_apps').values({ user_ref: user.id, app_ref: app.id, granted_at: Date.now() }).execute();
    for (const code of options.roles?.[account] ?? []) {
      await db.insertInto('user_roles').values({ user_ref: user.id, role_ref: roleIds.get(code)!, granted_at: Date.now() }).execute();
    }
  }
  return { appRef: app.id, appId, service };
}

export interface LoginResult {
  /** Where the browser left the portal for (the service, with or without a ticket), or null. */
  landed: URL | null;
  ticket: string | null;
  /** The portal page it stopped at otherwise. */
  stoppedAt: URL;
  res: Response | null;
  visited: string[];
}

/** Sends the browser to /cas/login for the service and follows it until it leaves the portal. */
export async function casLogin(server: CasServer, browser: Browser, service: string, extra: Record<string, string> = {}): Promise<LoginResult> {
  const url = `${server.base}/cas/login?${new URLSearchParams({ service, ...extra }).toString()}`;
  return followLogin(browser, url);
}

export async function followLogin(browser: Browser, url: string): Promise<LoginResult> {
  const result = await browser.follow(url);
  const left = result.res === null ? result.url : null;
  return { landed: left, ticket: left?.searchParams.get('ticket') ?? null, stoppedAt: result.url, res: result.res, visited: result.visited };
}

/** Signs in at the portal's sign-in page the login stopped at, then goes back where it says. */
export async function signInThere(server: CasServer, browser: Browser, stoppedAt: URL, account: string): Promise<LoginResult> {
  if (stoppedAt.pathname !== '/login') throw new Error(`not at the sign-in page: ${stoppedAt.toString()}`);
  const token = sessionTokenOf(await passwordLogin(server.client, account));
  if (!token) throw new Error('sign-in failed');
  browser.setCookie('idaas_token', token);
  return followLogin(browser, stoppedAt.searchParams.get('redirect')!);
}

/** A back end's validation call: the raw answer. */
export async function validate(server: CasServer, path: string, params: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
  const res = await fetch(`${server.base}/cas${path}?${new URLSearchParams(params).toString()}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

/** The authentication failure's code in an XML answer, or null when it succeeded. */
export const failureCode = (xml: string): string | null => /<cas:(?:authentication|proxy)Failure code="([A-Z_]+)"/.exec(xml)?.[1] ?? null;
export const userOf = (xml: string): string | null => /<cas:user>([^<]*)<\/cas:user>/.exec(xml)?.[1] ?? null;
export const valuesOf = (xml: string, name: string): string[] => [...xml.matchAll(new RegExp(`<cas:${name}>([^<]*)</cas:${name}>`, 'g'))].map((m) => m[1]);

/** A receiver for single-logout POSTs (the service's own address): it keeps each form's logoutRequest. */
export async function logoutReceiver(): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      if (req.method === 'POST') requests.push(new URLSearchParams(body).get('logoutRequest') ?? '');
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => { server.close(() => resolve()); }) };
}

/** A self-signed certificate for 127.0.0.1 (PEM), and its key. */
export async function selfSigned(): Promise<{ cert: string; key: string }> {
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01', name: 'CN=127.0.0.1', notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000),
    keys, signingAlgorithm: alg,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true), new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }])],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return { cert: cert.toString('pem'), key: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n` };
}

/** An HTTPS proxy callback: keeps pgtIou → pgtId as a CAS client's proxy receptor does; `answer` sets its status. */
export async function pgtReceiver(tls: { cert: string; key: string }): Promise<{ origin: string; pgts: Map<string, string>; calls: number; answer: number; close(): Promise<void> }> {
  const state = { pgts: new Map<string, string>(), calls: 0, answer: 200 };
  const server = createHttpsServer(tls, (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const iou = url.searchParams.get('pgtIou');
    const id = url.searchParams.get('pgtId');
    if (iou && id) {
      state.calls += 1;
      if (state.answer === 200) state.pgts.set(iou, id);
    }
    res.writeHead(iou && id ? state.answer : 200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(state, { origin: `https://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => { server.close(() => resolve()); }) });
}

export { Browser };
export { passwordLogin, sessionTokenOf };
