/**
 * A tiny application that signs its users in through the portal (OpenID Connect, code + PKCE).
 * Run the portal (`npm start`), then `npx tsx examples/oidc-rp/server.ts` and open
 * http://127.0.0.1:8765/. Settings by environment: ISSUER, CLIENT_ID, CLIENT_SECRET, PORT.
 */
import { createServer, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const issuer = new URL(process.env.ISSUER ?? 'http://localhost:8080/oidc');
const port = Number(process.env.PORT ?? 8765);
const base = `http://127.0.0.1:${port}`;
const clientSecret = process.env.CLIENT_SECRET ?? 'demo-rp-secret';
const config = await oidc.discovery(issuer, process.env.CLIENT_ID ?? 'demo-rp', clientSecret, oidc.ClientSecretBasic(clientSecret),
  issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined);
const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
// Cookies are not kept apart by port: two instances on one host need cookies of their own names.
const cookieName = `rp_session_${port}`;
const cookiePattern = new RegExp(`(?:^|;\\s*)${cookieName}=([\\w-]+)`);

/** Browser sessions of this application: cookie → pending sign-in or signed-in user. */
const sessions = new Map<string, { verifier?: string; state?: string; nonce?: string; name?: string; sid?: string; idToken?: string }>();

const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
const redirect = (res: ServerResponse, to: string, headers: Record<string, string> = {}) => res.writeHead(302, { location: to, ...headers }).end();

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', base);
  const id = cookiePattern.exec(req.headers.cookie ?? '')?.[1];
  const session = id ? sessions.get(id) : undefined;
  try {
    if (url.pathname === '/login') {
      // Started here or by the portal's "my apps" (third-party initiated login: iss names the portal).
      if (url.searchParams.has('iss') && url.searchParams.get('iss') !== config.serverMetadata().issuer) return send(res, 400, 'unknown issuer');
      const verifier = oidc.randomPKCECodeVerifier();
      const pending = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce() };
      const sid = randomBytes(16).toString('base64url');
      sessions.set(sid, pending);
      const to = oidc.buildAuthorizationUrl(config, {
        redirect_uri: `${base}/callback`, scope: 'openid profile email roles', code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256', state: pending.state, nonce: pending.nonce,
      });
      return redirect(res, to.href, { 'set-cookie': `${cookieName}=${sid}; HttpOnly; SameSite=Lax; Path=/` });
    }
    if (url.pathname === '/callback' && session?.verifier) {
      // The portal refused this user the application (no permission): say so rather than fail.
      if (url.searchParams.get('error') === 'access_denied' && url.searchParams.get('state') === session.state) {
        return send(res, 400, '<h1 id="denied">Access denied</h1><p>The portal says you may not use this application.</p>');
      }
      const tokens = await oidc.authorizationCodeGrant(config, url, { pkceCodeVerifier: session.verifier, expectedState: session.state, expectedNonce: session.nonce });
      const claims = tokens.claims()!;
      sessions.set(id!, { name: String(claims.name ?? claims.preferred_username), sid: claims.sid as string | undefined, idToken: tokens.id_token });
      return redirect(res, '/');
    }
    if (url.pathname === '/logout' && session?.idToken) {
      sessions.delete(id!);
      return redirect(res, oidc.buildEndSessionUrl(config, { id_token_hint: session.idToken, post_logout_redirect_uri: `${base}/` }).href);
    }
    if (url.pathname === '/backchannel-logout' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      // OIDC Back-Channel Logout: a logout token signed by the portal names the session to end.
      const { payload } = await jwtVerify(new URLSearchParams(body).get('logout_token') ?? '', jwks, { issuer: config.serverMetadata().issuer, audience: config.clientMetadata().client_id, typ: 'logout+jwt' });
      for (const [key, value] of sessions) if (value.sid && value.sid === payload.sid) sessions.delete(key);
      return res.writeHead(200).end();
    }
    if (session?.name) return send(res, 200, `<h1 id="who">${session.name.replace(/[<>&"]/g, '')}</h1><a href="/logout">Sign out</a>`);
    return send(res, 200, '<h1>Demo RP</h1><a id="sign-in" href="/login">Sign in with the portal</a>');
  } catch (error) {
    return send(res, 400, `sign-in failed: ${String(error).replace(/[<>&"]/g, '')}`);
  }
}).listen(port, '127.0.0.1', () => console.warn(`Demo RP on ${base} (issuer ${issuer.href})`));
