import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './freePort.js';

/** An account at the upstream provider: its claims as the provider releases them. */
export type UpstreamAccount = Record<string, unknown> & { sub: string };

export interface UpstreamOidc {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, UpstreamAccount>;
  /** Who signs in at the provider's login step next, and with which methods (amr). */
  next: { account: string; amr?: string[] };
  /**
   * The browser's part of a trip: from the authorization URL the portal sent it to, through the
   * provider's login (done for `next`) and consent, to the portal's callback URL with code and state.
   */
  signIn(authorizationUrl: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A standalone oidc-provider (the same library the portal's own provider runs on) as the
 * upstream identity provider of the brokering tests: a confidential client for the portal,
 * claims from `accounts`, and an interaction that signs `next` in without a form.
 */
export async function startUpstreamOidc(redirectUri: string): Promise<UpstreamOidc> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'portal-broker';
  const clientSecret = 'upstream-client-secret-0123456789abcdef';
  const accounts = new Map<string, UpstreamAccount>();
  const next: UpstreamOidc['next'] = { account: '' };
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' }],
    claims: { openid: ['sub', 'amr', 'auth_time'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'], phone: ['phone_number', 'phone_number_verified'] },
    scopes: ['openid', 'email', 'profile', 'phone'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: async () => account } : undefined;
    },
    pkce: { required: () => true },
    cookies: { keys: ['upstream-test-cookie-key'] },
  });
  const callback = provider.callback();
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: next.account, clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: next.account, amr: next.amr }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  async function signIn(authorizationUrl: string): Promise<string> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      if (url.startsWith(redirectUri)) return url;
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`upstream answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(location, url).toString();
    }
    throw new Error('too many redirects at the upstream provider');
  }

  return {
    issuer, discoveryUrl: `${issuer}/.well-known/openid-configuration`, clientId, clientSecret, accounts, next, signIn,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
