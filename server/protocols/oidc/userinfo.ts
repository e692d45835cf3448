import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { accountClaims, CLAIMS } from './accounts.js';
import type { OidcContext } from './context.js';
import { CLOCK_TOLERANCE_SECONDS, PROVIDER_HEADERS } from './provider.js';
import type { UserinfoRead } from './repository.js';

/**
 * The userinfo endpoint's everyday answer, given without oidc-provider's request handling (its Koa
 * stack, the access token's class, the claims' assembly), which cost about three quarters of a
 * call's CPU. It answers only the plain case: GET, or POST without a body, at `/me` with nothing
 * after it, one `Authorization: Bearer` header and no DPoP or Origin header, for a token that
 * passes every check oidc-provider 9's lib/actions/userinfo.js makes. Anything else — a refusal of
 * any kind, a sender-constrained token, a client that wants its userinfo signed, a pairwise subject,
 * a grant with rejected scopes, a failed read — goes to the provider as before, so refusals and
 * unusual answers keep their exact words; tests compare both answerers on the same tokens.
 */
export interface UserinfoShortcut {
  /** On; tests turn it off to compare with the provider's own answers. */
  enabled: boolean;
  /** Whether the request may be answered here (the rest is checked against the store). */
  applies(req: IncomingMessage): boolean;
  /** Answers and resolves true, or writes nothing and resolves false: then the provider answers. */
  answer(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

type Json = Record<string, unknown>;

const BEARER = /^bearer ([^ ]+)$/i;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const parse = (text: string | null): Json | undefined => {
  if (text === null) return undefined;
  const value: unknown = JSON.parse(text);
  return isObject(value) ? value : undefined;
};
const epochNow = () => Math.floor(Date.now() / 1000);

/**
 * oidc-provider's checks of a stored payload (models/formats/opaque.js `verify`, helpers/jwt.js
 * `assertPayload`), on the provider's clock (the real one) with its tolerance: true when it passes.
 */
function payloadHolds(payload: Json, now: number, ignoreExpiration = false): boolean {
  if ('jwt' in payload || 'jwt-ietf' in payload || 'paseto' in payload) return false;
  if ('format' in payload && payload.format !== 'opaque') return false;
  // nbf is never written by this provider; where one is, the provider decides.
  if (payload.nbf !== undefined) return false;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return false;
  if (payload.exp === undefined) {
    if (typeof payload.iat === 'number' && payload.iat > now + CLOCK_TOLERANCE_SECONDS) return false;
  } else if (!ignoreExpiration && (typeof payload.exp !== 'number' || now - CLOCK_TOLERANCE_SECONDS >= payload.exp)) return false;
  if (payload.jti !== undefined && typeof payload.jti !== 'string') return false;
  if (payload.iss !== undefined && typeof payload.iss !== 'string') return false;
  return true;
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

export function userinfoShortcut(d: OidcContext, provider: () => Provider): UserinfoShortcut {
  /** The claims oidc-provider's Claims class keeps: those of each granted scope, in scope order (helpers/claims.js). */
  function released(available: Json, scopes: string[]): Json {
    const out: Json = {};
    for (const scope of scopes) {
      if (!Object.hasOwn(CLAIMS, scope)) continue;
      for (const claim of CLAIMS[scope as keyof typeof CLAIMS]) {
        if (!Object.hasOwn(out, claim) && Object.hasOwn(available, claim)) out[claim] = available[claim];
      }
    }
    return out;
  }

  /** The answer's body, or undefined wherever the provider would decide otherwise or differently. */
  async function bodyFor(tokenId: string): Promise<string | undefined> {
    const read: UserinfoRead | undefined = await d.oidc.forUserinfo(tokenId, d.clock.now());
    if (!read || read.tokenConsumed !== null) return undefined;
    const now = epochNow();

    // The access token (shared/access_token.js, actions/userinfo.js): live, with openid, bound to nothing, for no audience.
    const token = parse(read.token);
    if (!token || token.kind !== 'AccessToken' || !payloadHolds(token, now)) return undefined;
    const { accountId, clientId, grantId } = token;
    if (!text(accountId) || !text(clientId) || !text(grantId) || typeof token.scope !== 'string') return undefined;
    const tokenScopes = new Set(token.scope.split(' '));
    if (!tokenScopes.has('openid')) return undefined;
    if (token['x5t#S256'] !== undefined || token.jkt !== undefined || token.aud !== undefined || token.rar !== undefined) return undefined;
    // Claims asked for by name for userinfo (helpers/filter_claims.js); those for the id_token (auth_time, always) do not count here.
    if (token.claims !== undefined && (!isObject(token.claims) || token.claims.userinfo !== undefined)) return undefined;

    // The session it expires with (models/token_helpers.js checkSessionBinding).
    if (token.expiresWithSession) {
      const session = parse(read.session);
      if (!session || !payloadHolds(session, now) || session.accountId !== accountId) return undefined;
      const authorizations = session.authorizations;
      const authorization = isObject(authorizations) && Object.hasOwn(authorizations, clientId) ? authorizations[clientId] : undefined;
      if (!isObject(authorization) || authorization.grantId !== grantId) return undefined;
    }

    // The client, as the provider itself finds it (an enabled OIDC application whose metadata it accepts).
    const client = await provider().Client.find(clientId);
    if (!client || client.userinfoSignedResponseAlg || client.userinfoEncryptedResponseAlg || client.subjectType === 'pairwise') return undefined;

    // The account (accounts.ts findAccount with a token): usable and still permitted the application.
    const app = await d.oidc.appByClientId(clientId);
    if (!app || read.appRef !== app.id || read.userRef === null || !read.permitted) return undefined;
    const user = {
      account: read.account!, userName: read.userName!, email: read.email, mobileNo: read.mobileNo, enabled: read.enabled === 1,
      activated: read.activated === 1, registrationPending: read.registrationPending === 1, userExpireDate: read.userExpireDate,
    };
    try {
      d.services.flow.assertUsable(user);
    } catch {
      return undefined;
    }

    // The grant (loadAccessTokenGrant): live by the store, unexpired by the provider's clock, the token's own.
    const grant = parse(read.grant);
    if (!grant || grant.kind !== 'Grant' || !payloadHolds(grant, now, true)) return undefined;
    if (typeof grant.exp === 'number' && grant.exp <= now) return undefined;
    if (grant.clientId !== clientId || grant.accountId !== accountId || grant.rejected !== undefined) return undefined;

    // What to release: the grant's scopes the token holds (Grant#getOIDCScopeFiltered), their claims.
    const openid = grant.openid;
    const grantScope = isObject(openid) && typeof openid.scope === 'string' && openid.scope ? openid.scope : '';
    const scopes = grantScope.split(' ').filter((s) => tokenScopes.has(s));
    const roles = scopes.includes('roles') ? await d.oidc.roleCodes(read.userRef, app.id) : [];
    return JSON.stringify(released({ ...accountClaims(accountId, user, roles), sub: accountId }, scopes));
  }

  const shortcut: UserinfoShortcut = {
    enabled: true,
    applies(req) {
      if (!shortcut.enabled || req.url !== '/me') return false;
      const { headers } = req;
      if (req.method === 'POST') {
        if (headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return false;
      } else if (req.method !== 'GET') return false;
      return typeof headers.authorization === 'string' && headers.dpop === undefined && headers.origin === undefined;
    },
    async answer(req, res) {
      const tokenId = BEARER.exec(req.headers.authorization ?? '')?.[1];
      if (!tokenId) return false;
      let body: string | undefined;
      try {
        body = await bodyFor(tokenId);
      } catch {
        // The provider reads again and answers as it would have.
        return false;
      }
      if (body === undefined) return false;
      // The provider's headers, in its order and spelling (provider.ts, shared/cors.js, shared/no_cache.js, Koa).
      for (const [name, value] of Object.entries(PROVIDER_HEADERS)) res.setHeader(name, value);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate');
      res.setHeader('cache-control', 'no-store');
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
      return true;
    },
  };
  return shortcut;
}
