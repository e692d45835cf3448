import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sm2Encrypt } from '../support/sm2Encrypt.js';

/** Where the OIDC benches' demo-rp sends its codes, and the public URL their portal is built with. */
export const REDIRECT = 'http://127.0.0.1:8765/callback';
export const BASE = 'http://127.0.0.1:8999';

/**
 * lisi's browser in the OIDC benches, through `inject`: signed in to the portal, then asking
 * demo-rp's authorisation (first-party, so no consent page) for as many codes as wanted, all
 * under one PKCE pair.
 */
export async function signedInBrowser(app: FastifyInstance) {
  const cookies = new Map<string, string>();
  const take = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...cookies].filter(([, v]) => v).map(([k, v]) => `${k}=${v}`).join('; ');
  const key = (await app.inject({ url: '/idaas/auth/v1/sm2_key' })).json<{ data: { pubX: string; pubY: string } }>().data;
  const encrypt = (v: string) => sm2Encrypt(v, `04${key.pubX}${key.pubY}`);
  take((await app.inject({
    method: 'POST', url: '/idaas/auth/v1/login-check', headers: { 'content-type': 'application/json', 'x-client-id': 'bench' },
    payload: JSON.stringify({ userId: encrypt('lisi'), password: encrypt('Idaas@2026') }),
  })).headers['set-cookie']);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = `/oidc/auth?${new URLSearchParams({ client_id: 'demo-rp', response_type: 'code', scope: 'openid profile', redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256' })}`;
  async function code(): Promise<string> {
    let url = authorize;
    for (let hop = 0; hop < 10; hop++) {
      const res = await app.inject({ url, headers: { cookie: cookieHeader() } });
      take(res.headers['set-cookie']);
      const location = new URL(String(res.headers.location ?? ''), `${BASE}${url}`);
      const found = location.searchParams.get('code');
      if (location.href.startsWith(REDIRECT) && found) return found;
      if (!res.headers.location) throw new Error(`no code: ${res.statusCode} at ${url}: ${res.body.slice(0, 200)}`);
      url = `${location.pathname}${location.search}`;
    }
    throw new Error('no code after 10 hops');
  }
  return { verifier, challenge, code, cookie: (name: string) => cookies.get(name) };
}
