import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, errors as joseErrors, type JSONWebKeySet } from 'jose';
import { randomId } from '../platform/lib/crypto.js';
import type { UpstreamSettings } from '../../contract/schemas/admin/upstream.js';
import { identityFromClaims, UpstreamRefused, type UpstreamIdentity } from './identity.js';

/** The fetch the server calls providers with (platform/lib/outboundUrl.ts: no private addresses in production). */
export type OutboundFetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  id_token_signing_alg_values_supported?: string[];
}

/** What the browser's trip needs remembered until the provider answers: all single use (tickets). */
export interface OidcRequestSecrets {
  nonce: string;
  verifier: string;
}

const TIMEOUT_MS = 10_000;
/** Asymmetric algorithms only: an HS256 token would be signed with the client secret, which this portal also holds. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** Clock skew allowed on exp/iat/nbf. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** Discovery and keys are read again after this long (a rotated key is also fetched at once on an unknown kid). */
const CACHE_MS = 5 * 60_000;

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function json<T>(fetch: OutboundFetch, url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) throw new UpstreamRefused(`${new URL(url).host} answered ${res.status}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new UpstreamRefused(`${new URL(url).host} answered something other than JSON`);
  }
}

function isDiscovery(d: Partial<Discovery>): d is Discovery {
  return [d.issuer, d.authorization_endpoint, d.token_endpoint, d.jwks_uri].every((v) => typeof v === 'string' && /^https?:\/\//.test(v));
}

/**
 * The portal as an OpenID Connect relying party of one provider: authorization code flow with
 * PKCE (S256), state and nonce; the ID token checked for issuer (the discovery document's, which
 * must be the URL it was read from), audience (our client id; azp when several), signature (the
 * provider's published keys, asymmetric algorithms only), expiry and nonce.
 */
export function oidcUpstream(fetch: OutboundFetch) {
  const cache = new Map<string, { at: number; discovery: Discovery; jwks: JSONWebKeySet }>();

  async function load(discoveryUrl: string, fresh = false) {
    const hit = cache.get(discoveryUrl);
    if (hit && !fresh && Date.now() - hit.at < CACHE_MS) return hit;
    const discovery = await json<Partial<Discovery>>(fetch, discoveryUrl);
    if (!isDiscovery(discovery)) throw new UpstreamRefused('the discovery document lacks issuer, endpoints or keys');
    // OpenID Connect Discovery §4.3: the issuer is the URL the document was read under.
    const expected = discoveryUrl.replace(/\/\.well-known\/openid-configuration$/, '');
    if (discovery.issuer.replace(/\/$/, '') !== expected.replace(/\/$/, '')) throw new UpstreamRefused(`discovery names issuer ${discovery.issuer}, not ${expected}`);
    const jwks = await json<JSONWebKeySet>(fetch, discovery.jwks_uri);
    if (!Array.isArray(jwks.keys)) throw new UpstreamRefused('the key set has no keys');
    const entry = { at: Date.now(), discovery, jwks };
    cache.set(discoveryUrl, entry);
    return entry;
  }

  /**
   * The profile claims a code flow keeps out of the ID token (Core §5.4): read with the access
   * token, and used only when they are about the same subject (§5.3.2). The ID token's own claims win.
   */
  async function userinfo(discovery: Discovery, accessToken: unknown, sub: unknown): Promise<Record<string, unknown>> {
    if (!discovery.userinfo_endpoint || typeof accessToken !== 'string') return {};
    const claims = await json<Record<string, unknown>>(fetch, discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    if (claims.sub !== sub) throw new UpstreamRefused('userinfo is about another subject');
    return claims;
  }

  const discoveryUrlOf = (settings: UpstreamSettings): string => {
    if (!settings.discoveryUrl) throw new UpstreamRefused('no discovery URL');
    return settings.discoveryUrl;
  };

  return {
    /** Reads the discovery document and keys now: the workbench's check of a provider it saves. */
    async check(settings: UpstreamSettings): Promise<void> {
      await load(discoveryUrlOf(settings), true);
    },

    async authorizationUrl(settings: UpstreamSettings, state: string, redirectUri: string): Promise<{ url: string; secrets: OidcRequestSecrets }> {
      const { discovery } = await load(discoveryUrlOf(settings));
      const secrets = { nonce: randomId(24), verifier: randomId(32) };
      const url = new URL(discovery.authorization_endpoint);
      url.search = new URLSearchParams({
        ...Object.fromEntries(url.searchParams),
        response_type: 'code', client_id: settings.clientId, redirect_uri: redirectUri, scope: settings.scopes || 'openid profile email',
        state, nonce: secrets.nonce, code_challenge: s256(secrets.verifier), code_challenge_method: 'S256',
      }).toString();
      return { url: url.toString(), secrets };
    },

    /** The code exchanged (client_secret_post… or basic), and the ID token it brings back checked. */
    async redeem(settings: UpstreamSettings, clientSecret: string, code: string, redirectUri: string, secrets: OidcRequestSecrets): Promise<UpstreamIdentity> {
      const discoveryUrl = discoveryUrlOf(settings);
      let { discovery, jwks } = await load(discoveryUrl);
      const tokens = await json<{ id_token?: unknown; access_token?: unknown }>(fetch, discovery.token_endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded', accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: secrets.verifier }).toString(),
      });
      if (typeof tokens.id_token !== 'string') throw new UpstreamRefused('the token answer has no ID token');
      const verify = (keys: JSONWebKeySet) => jwtVerify(tokens.id_token as string, createLocalJWKSet(keys), {
        issuer: discovery.issuer, audience: settings.clientId, algorithms: ALGORITHMS, clockTolerance: CLOCK_TOLERANCE_SECONDS, requiredClaims: ['sub', 'exp', 'iat'],
      });
      let payload: Record<string, unknown>;
      try {
        payload = (await verify(jwks)).payload;
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw new UpstreamRefused(`ID token refused: ${(error as Error).message}`);
        // A key the provider rotated in since the keys were read.
        ({ discovery, jwks } = await load(discoveryUrl, true));
        try {
          payload = (await verify(jwks)).payload;
        } catch (again) {
          throw new UpstreamRefused(`ID token refused: ${(again as Error).message}`);
        }
      }
      if (payload.nonce !== secrets.nonce) throw new UpstreamRefused('ID token nonce does not match this sign-in');
      // OpenID Connect Core §3.1.3.7: with several audiences, azp must name us.
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== settings.clientId) throw new UpstreamRefused('ID token for several audiences without azp naming us');
      if (payload.azp !== undefined && payload.azp !== settings.clientId) throw new UpstreamRefused('ID token azp names another client');
      return identityFromClaims({ ...(await userinfo(discovery, tokens.access_token, payload.sub)), ...payload }, settings.claims);
    },
  };
}

export type OidcUpstream = ReturnType<typeof oidcUpstream>;
