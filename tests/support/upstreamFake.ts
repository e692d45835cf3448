import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { freePort } from './freePort.js';

/**
 * A provider that answers whatever the test says: for the attacks a real provider would never
 * make (a token from another issuer, for another audience, expired, with another sign-in's nonce,
 * signed with another key or with the client secret).
 */
export interface FakeOidc {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  /** Claims of the next ID token, on top of valid ones built from the request's nonce. */
  claims: Record<string, unknown>;
  /** The next token is signed by this instead of the published key (null: the published key). */
  signWith: 'published' | 'stranger' | 'hs256';
  /** The nonce of the last authorization request, as the test read it from the URL. */
  nonce: string;
  stop(): Promise<void>;
}

export async function startFakeOidc(clientSecret: string): Promise<FakeOidc> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const published = await generateKeyPair('ES256');
  const stranger = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const state: FakeOidc = {
    issuer, discoveryUrl: `${issuer}/.well-known/openid-configuration`, clientId: 'fake-client', claims: {}, signWith: 'published', nonce: '',
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  async function idToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload = { sub: 'fake-user', nonce: state.nonce, email: 'nobody@fake.example', email_verified: true, ...state.claims };
    const base = { iss: issuer, aud: state.clientId, iat: now, exp: now + 300 };
    const claims = { ...base, ...payload };
    if (state.signWith === 'hs256') return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).sign(new TextEncoder().encode(clientSecret));
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).sign(state.signWith === 'stranger' ? stranger.privateKey : published.privateKey);
  }
  const server: Server = createServer((req, res) => {
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const path = new URL(req.url ?? '/', issuer).pathname;
      if (path === '/.well-known/openid-configuration') {
        return send({ issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ['ES256'] });
      }
      if (path === '/jwks') return send({ keys: [jwk] });
      if (path === '/token') return send({ access_token: 'fake-access', token_type: 'Bearer', id_token: await idToken() });
      res.statusCode = 404;
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return state;
}
