import type { Client, ClientMetadata } from 'oidc-provider';
import type { OidcApp } from './repository.js';

const DEFAULT_GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** Whether the application signs in through the provider: enabled, not a legacy code launch, with a redirect URI. */
export const isOidcClient = (app: OidcApp): boolean => app.enabled && !app.legacy && app.redirectUris.length > 0;

/**
 * An application as oidc-provider's client metadata, or undefined when it is not an OIDC client
 * (then the provider answers invalid_client: a disabled application signs nobody in). The
 * secret field holds a stand-in: the application's secret is only ever stored as a hash. The
 * initiate-login URI is the portal's to use ("my apps"), not the provider's, whose schema would
 * refuse a plain-http one (the demo application's).
 */
export function clientMetadata(app: OidcApp, secretStandIn: string): ClientMetadata | undefined {
  if (!isOidcClient(app)) return undefined;
  const method = app.tokenAuthMethod ?? 'client_secret_basic';
  return {
    client_id: app.clientId,
    client_name: app.appName,
    ...(method === 'private_key_jwt' ? { jwks: (app.jwks ?? { keys: [] }) as ClientMetadata['jwks'] } : { client_secret: secretStandIn }),
    token_endpoint_auth_method: method as ClientMetadata['token_endpoint_auth_method'],
    redirect_uris: app.redirectUris,
    post_logout_redirect_uris: app.postLogoutRedirectUris,
    grant_types: app.grantTypes ?? DEFAULT_GRANT_TYPES,
    response_types: ['code'],
    id_token_signed_response_alg: 'RS256',
    // Every id_token says when the user signed in, so an application can judge its age itself.
    require_auth_time: true,
    ...(app.backchannelLogoutUri ? { backchannel_logout_uri: app.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
    first_party: app.firstParty,
    ...(app.accessTokenTtl ? { access_token_ttl: app.accessTokenTtl } : {}),
    ...(app.idTokenTtl ? { id_token_ttl: app.idTokenTtl } : {}),
    ...(app.refreshTokenTtl ? { refresh_token_ttl: app.refreshTokenTtl } : {}),
  };
}

/**
 * A property of the portal's own (extraClientMetadata) as the client holds it. oidc-provider keeps
 * these on the client under their own names; `metadata()` would rebuild and snake-case every field
 * of the client for each call, and the provider asks a token's lifetime many times per token
 * (each read of its expiry): that was a tenth of a code exchange's allocations.
 */
const extra = (client: Client | undefined, key: string): unknown => (client as unknown as Record<string, unknown> | undefined)?.[key];

/** The client's own lifetime for a token kind (seconds), within the portal's bounds. */
export function lifetime(client: Client | undefined, key: string, fallback: number, max: number): number {
  const own = extra(client, key);
  return typeof own === 'number' && own > 0 ? Math.min(own, max) : fallback;
}

export const isFirstParty = (client: Client | undefined): boolean => extra(client, 'first_party') === true;
