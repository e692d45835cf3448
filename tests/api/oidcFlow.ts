import { createServer, type Server } from 'node:http';
import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { sha256 } from '../../server/platform/lib/crypto.js';
import { freePort } from '../support/freePort.js';
import { signIn, startClient, type Client, type StoreCase } from './harness.js';

/**
 * What the OpenID Connect suites share: the portal on a real port (openid-client fetches
 * discovery, JWKS and the token endpoint over HTTP), a browser with a cookie jar that follows
 * redirects by hand, applications made per test, and a receiver for back-channel logout tokens.
 */

let seq = 0;
export const unique = (prefix: string) => `${prefix}${process.pid}${Date.now().toString(36)}${seq++}`;

export interface OidcServer {
  client: Client;
  base: string;
  issuer: string;
}

export async function startOidc(store: StoreCase, label: string): Promise<OidcServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The sweep runs only when a test asks (app.oidc.sweep()), so tests see exactly what it did.
  const client = await startClient(store, label, { publicUrl: base, oidc: { keyRotationDays: 90, logoutSweepMs: 0 } });
  await client.app.listen({ port, host: '127.0.0.1' });
  return { client, base, issuer: `${base}/oidc` };
}

interface Cookie { name: string; value: string; path: string }

const pathMatches = (cookiePath: string, path: string) =>
  path === cookiePath || (path.startsWith(cookiePath) && (cookiePath.endsWith('/') || path[cookiePath.length] === '/'));

/** A browser for the portal's origin: cookies by name and path, redirects followed one hop at a time. */
export class Browser {
  private jar: Cookie[] = [];
  constructor(readonly base: string) {}

  setCookie(name: string, value: string, path = '/'): void {
    this.jar = this.jar.filter((c) => !(c.name === name && c.path === path));
    this.jar.push({ name, value, path });
  }
  cookie(name: string): string | undefined {
    return this.jar.find((c) => c.name === name)?.value;
  }
  cookieNames(): string[] {
    return this.jar.map((c) => c.name);
  }

  private remember(res: Response, url: URL): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let gone = value === '';
      for (const attribute of attributes) {
        const [key, val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = val;
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) gone = true;
        if (key.toLowerCase() === 'expires' && Date.parse(val) < Date.now()) gone = true;
      }
      this.jar = this.jar.filter((c) => !(c.name === name && c.path === path));
      if (!gone) this.jar.push({ name, value, path });
    }
  }

  private headerFor(url: URL): string {
    return this.jar.filter((c) => pathMatches(c.path, url.pathname)).map((c) => `${c.name}=${c.value}`).join('; ');
  }

  async request(target: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(target, this.base);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.headerFor(url);
    if (cookie) headers.cookie = cookie;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body: init.form ? new URLSearchParams(init.form).toString() : undefined, redirect: 'manual' });
    this.remember(res, url);
    return res;
  }

  /**
   * Follows redirects while they stay on the portal; stops at the first address elsewhere (the
   * application's redirect URI, never fetched) or at an answer that is not a redirect.
   */
  async follow(target: string, hops = 20): Promise<{ url: URL; res: Response | null; visited: string[] }> {
    let url = new URL(target, this.base);
    const visited: string[] = [];
    for (let i = 0; i < hops; i++) {
      if (url.origin !== new URL(this.base).origin) return { url, res: null, visited };
      visited.push(`${url.pathname}${url.search}`);
      let res = await this.request(url.toString());
      // The provider's self-submitting form (its script runs in a browser): submit it as one would.
      if (res.status === 200 && res.headers.get('content-type')?.includes('text/html')) {
        const html = await res.clone().text();
        if (html.includes('<title>Submitting Callback</title>')) {
          const action = /<form method="post" action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&');
          const form = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]));
          visited.push(`POST ${action}`);
          res = await this.request(action, { form });
        }
      }
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url, res, visited };
      await res.arrayBuffer();
      url = new URL(location, url);
    }
    throw new Error(`too many redirects: ${visited.join(' → ')}`);
  }
}

/** A browser already signed in to the portal as `account`. */
export async function signedInBrowser(server: OidcServer, account: string): Promise<{ browser: Browser; token: string }> {
  const token = await signIn(server.client, account);
  const browser = new Browser(server.base);
  browser.setCookie('idaas_token', token);
  return { browser, token };
}

export interface TestApp { appRef: number; appId: string; clientId: string; secret: string; redirectUri: string }

/** An OpenID Connect application made for one test, granted to the accounts named. */
export async function createOidcApp(client: Client, options: {
  grant?: string[];
  firstParty?: boolean;
  secondAuth?: boolean;
  backchannelUri?: string;
  authMethod?: string;
  jwks?: unknown;
  roles?: Record<string, string>;
  /** Where the application lives (its redirect and sign-out addresses); a closed port by default. */
  origin?: string;
} = {}): Promise<TestApp> {
  const db = client.app.store.db;
  const appId = unique('rp');
  const secret = `secret-${appId}`;
  const home = options.origin ? `${options.origin}/` : `http://127.0.0.1:9/${appId}/`;
  const redirectUri = `${home}callback`;
  const app = await db.insertInto('apps').values({
    app_id: appId, app_name: `应用 ${appId}`, icon: null, client_id: appId, idp_sso_url: home,
    login_types: JSON.stringify(['ACCOUNT', 'MSG_CODE']), second_auth_required: options.secondAuth ? 1 : 0, perm_system: 1, enabled: 1,
    sort_order: 0, created_at: Date.now(), category: null, captcha_strategy: null,
    client_secret_hash: sha256(secret), client_secret_prev_hash: null, client_secret_prev_until: null,
    oidc_redirect_uris: JSON.stringify([redirectUri]), oidc_post_logout_redirect_uris: JSON.stringify([home]),
    oidc_grant_types: null, oidc_token_auth_method: options.authMethod ?? null, oidc_jwks: options.jwks ? JSON.stringify(options.jwks) : null,
    oidc_access_token_ttl: null, oidc_id_token_ttl: null, oidc_refresh_token_ttl: null,
    oidc_backchannel_logout_uri: options.backchannelUri ?? null, oidc_initiate_login_uri: `${home}login`,
    oidc_first_party: options.firstParty === false ? 0 : 1, sso_legacy: 0,
  }).returning('id').executeTakeFirstOrThrow();
  const roleIds: Record<string, number> = {};
  if (options.roles) {
    const group = await db.insertInto('perm_groups').values({ app_ref: app.id, name: 'G' }).returning('id').executeTakeFirstOrThrow();
    for (const code of new Set(Object.values(options.roles))) {
      roleIds[code] = (await db.insertInto('app_roles').values({ group_ref: group.id, code, name: code }).returning('id').executeTakeFirstOrThrow()).id;
    }
  }
  for (const account of options.grant ?? ['lisi']) {
    const user = await db.selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirstOrThrow();
    await db.insertInto('user_apps').values({ user_ref: user.id, app_ref: app.id, granted_at: Date.now() }).execute();
    const role = options.roles?.[account];
    if (role) await db.insertInto('user_roles').values({ user_ref: user.id, role_ref: roleIds[role], granted_at: Date.now() }).execute();
  }
  return { appRef: app.id, appId, clientId: appId, secret, redirectUri };
}

/** openid-client's view of the provider for one application (client_secret_basic unless told). */
export async function relyingParty(server: OidcServer, clientId: string, secret: string, auth?: oidc.ClientAuth): Promise<oidc.Configuration> {
  const config = await oidc.discovery(new URL(server.issuer), clientId, secret, auth ?? oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });
  // The id_token's signature is checked against the JWKS too, not only trusted from the TLS channel.
  oidc.enableNonRepudiationChecks(config);
  return config;
}

export interface Authorization {
  /** The redirect URI the browser was sent to (with code or error), or null if it stopped at the portal. */
  callback: URL | null;
  /** Where the browser stopped when it did not reach the application. */
  stoppedAt: { url: URL; res: Response | null };
  verifier: string;
  nonce: string;
  state: string;
  visited: string[];
}

/** Starts an authorisation (code + PKCE S256, nonce, state) and follows the browser until it leaves the portal. */
export async function authorize(config: oidc.Configuration, browser: Browser, redirectUri: string, extra: Record<string, string> = {}): Promise<Authorization> {
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri, scope: 'openid profile email phone roles', code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256', nonce, state, ...extra,
  });
  const result = await browser.follow(url.toString());
  const callback = result.res === null && result.url.toString().startsWith(redirectUri) ? result.url : null;
  return { callback, stoppedAt: result, verifier, nonce, state, visited: result.visited };
}

/** Exchanges the code as the application's back end does, validating the id_token (signature, iss, aud, nonce, state). */
export function exchange(config: oidc.Configuration, auth: Authorization) {
  if (!auth.callback) throw new Error(`no callback; stopped at ${auth.stoppedAt.url}`);
  return oidc.authorizationCodeGrant(config, auth.callback, { pkceCodeVerifier: auth.verifier, expectedNonce: auth.nonce, expectedState: auth.state, idTokenExpected: true });
}

/** Verifies a JWT against the provider's published keys, as any relying party would. */
export async function verifyWithJwks(server: OidcServer, jwt: string, audience: string) {
  const jwks = createRemoteJWKSet(new URL(`${server.issuer}/jwks`), { cacheMaxAge: 0, cooldownDuration: 0 });
  return jwtVerify(jwt, jwks, { issuer: server.issuer, audience });
}

/** A local receiver for back-channel logout tokens. */
export async function logoutReceiver(): Promise<{ uri: string; tokens: string[]; close(): Promise<void> }> {
  const tokens: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token');
      if (token) tokens.push(token);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { uri: `http://127.0.0.1:${port}/backchannel-logout`, tokens, close: () => new Promise((resolve) => { server.close(() => resolve()); }) };
}

/** The rows the user's app-access log holds for an application. */
export async function accessLog(client: Client, appRef: number) {
  return client.app.store.db.selectFrom('login_history').select(['account', 'opt_type', 'is_success', 'login_msg']).where('app_ref', '=', appRef).orderBy('id').execute();
}

/** The OAuth error code of a refusal openid-client raised (a body error or a WWW-Authenticate challenge). */
export function oauthError(error: unknown): string | undefined {
  const e = error as { error?: string; cause?: { parameters?: { error?: string } }[] };
  return e.error ?? e.cause?.[0]?.parameters?.error;
}

/** The OAuth error code a promise is refused with. */
export async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return oauthError(error) ?? 'unknown';
  }
  return undefined;
}
