import Provider, { type Client, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { LIMITS } from '../../../contract/rules.js';
import { randomId } from '../../platform/lib/crypto.js';
import { OutboundRefused, outboundPolicyOf } from '../../platform/lib/outboundUrl.js';
import { accounts, CLAIMS } from './accounts.js';
import { adapterFactory } from './adapter.js';
import { clientMetadata, lifetime } from './clients.js';
import { ACR_MFA, ACR_PWD, interactionPath, type OidcContext } from './context.js';
import type { SigningKey } from './keys.js';
import { errorPage, langOfHeader, loggedOutPage, logoutPage } from './pages.js';
import { SIGNED_OUT, portalGate, portalPolicy } from './portalGate.js';
import type { OidcApp } from './repository.js';
import { tokenWrites } from './tokenWrites.js';

/**
 * Headers of every answer the provider gives. The portal's policy minus `form-action`: the
 * sign-out and consent forms end in redirects to the application, which Chromium checks against
 * form-action too. oidc-provider adds the digest of the one inline script it writes (the
 * auto-submitted form of an account switch) to script-src itself.
 */
export const PROVIDER_HEADERS = {
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/** oidc-provider's own default, stated so that the userinfo shortcut (userinfo.ts) judges expiry alike. */
export const CLOCK_TOLERANCE_SECONDS = 15;

const langOf = (ctx: KoaContextWithOIDC) => langOfHeader(ctx.get('accept-language'), typeof ctx.oidc?.params?.ui_locales === 'string' ? ctx.oidc.params.ui_locales : undefined);

/**
 * Builds the OpenID Connect provider over the portal's database. Built again when the signing
 * keys change (the library takes its key set once); everything else it holds is in the database.
 */
export async function buildProvider(d: OidcContext, keys: SigningKey[]): Promise<Provider> {
  // Hashed secrets leave no clear secret to put in client metadata: a random stand-in fills the
  // field the schema requires and is never compared (compareClientSecret is replaced below), and
  // no symmetric (HS*) algorithm is enabled that would use it as a key.
  const secretStandIn = randomId(32);
  const { findAccount } = accounts(d);
  const gate = portalGate(d);
  const cookieKey = await d.services.secrets.digest('oidc-cookies', 'v1');
  const secure = d.issuer.startsWith('https:');
  const outbound = outboundPolicyOf(d.config);
  const writes = tokenWrites(d.payloads);

  const configuration: Configuration = {
    adapter: adapterFactory({
      payloads: d.payloads,
      clock: d.clock,
      writes,
      findClient: async (clientId) => {
        const app = await d.oidc.appByClientId(clientId);
        return app && (clientMetadata(app, secretStandIn) as unknown as Record<string, unknown>);
      },
    }),
    findAccount,
    jwks: { keys: keys.map((k) => k.jwk) } as Configuration['jwks'],
    claims: CLAIMS,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    // Listed in discovery; the interaction names one for each sign-in (context.ts).
    acrValues: [ACR_PWD, ACR_MFA],
    scopes: ['openid', 'offline_access', ...Object.keys(CLAIMS).filter((s) => s !== 'openid')],
    // Applications get the claims in the id_token too, not only from userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    enabledJWA: {
      clientAuthSigningAlgValues: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      idTokenSigningAlgValues: ['RS256', 'ES256'],
      userinfoSigningAlgValues: ['RS256', 'ES256'],
      introspectionSigningAlgValues: ['RS256', 'ES256'],
      authorizationSigningAlgValues: ['RS256', 'ES256'],
      requestObjectSigningAlgValues: ['RS256', 'PS256', 'ES256', 'EdDSA'],
    },
    extraClientMetadata: { properties: ['first_party', 'access_token_ttl', 'id_token_ttl', 'refresh_token_ttl'] },
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    cookies: {
      keys: [cookieKey],
      long: { httpOnly: true, sameSite: 'lax', secure, signed: true },
      short: { httpOnly: true, sameSite: 'lax', secure, signed: true },
    },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      introspection: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.body = logoutPage(langOf(ctx), form);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = loggedOutPage(langOf(ctx));
        },
      },
    },
    interactions: {
      url: async (_ctx, interaction) => interactionPath(interaction.uid),
      policy: portalPolicy(gate),
    },
    async loadExistingGrant(ctx) {
      return gate.grantFor(ctx);
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Every use of a refresh token replaces it; a replaced one presented again revokes the grant.
    rotateRefreshToken: true,
    ttl: {
      AuthorizationCode: LIMITS.oidcCodeTtl,
      AccessToken: (_ctx, _token, client) => lifetime(client, 'access_token_ttl', LIMITS.oidcAccessTokenTtl, LIMITS.oidcAccessTokenTtlMax),
      IdToken: (_ctx, _token, client) => lifetime(client, 'id_token_ttl', LIMITS.oidcIdTokenTtl, LIMITS.oidcIdTokenTtlMax),
      RefreshToken: (_ctx, _token, client) => lifetime(client, 'refresh_token_ttl', LIMITS.oidcRefreshTokenTtl, LIMITS.oidcRefreshTokenTtlMax),
      Interaction: LIMITS.oidcInteractionTtl,
      Session: LIMITS.oidcSessionTtl,
      Grant: LIMITS.oidcRefreshTokenTtlMax,
    },
    // The provider's only outgoing calls here are back-channel logouts, to addresses an
    // administrator registered (no dynamic registration). Its own guard refuses every private
    // address, and a company's applications often live on some: the portal's policy decides
    // instead (platform/lib/outboundUrl.ts: the same ranges, plus the operator's OUTBOUND_ALLOW),
    // after DNS and on the address connected to. Timeout and manual redirects stay as the
    // provider sets them.
    fetch: (url, options) => {
      const { dispatcher: _ssrfGuard, ...rest } = options as RequestInit & { dispatcher?: unknown };
      return outbound.fetch(url, rest);
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(langOf(ctx), String(out.error ?? 'server_error'));
    },
  };

  const provider = new Provider(d.issuer, configuration);
  // Set from the public URL by the mount, never taken from the client (see plugin.ts).
  provider.proxy = true;
  // The hook oidc-provider offers for secrets stored hashed (panva/node-oidc-provider#631): the
  // application's secret hash (and its predecessor during a rotation) decides.
  provider.Client.prototype.compareClientSecret = function compare(this: { clientId: string }, actual: string) {
    return d.services.admin.apps.verifyClientSecret(this.clientId, actual);
  };

  // The provider's own lookup serialises and hashes a stored client's whole metadata on every call
  // to find the client it built from it. The application's copy (apps/appCache.ts) is a new object
  // whenever the application may have changed, so the client built from a copy is kept with it.
  const findClient = provider.Client.find.bind(provider.Client);
  const clients = new WeakMap<OidcApp, Client>();
  provider.Client.find = async (clientId: string) => {
    const app = typeof clientId === 'string' && clientId ? await d.oidc.appByClientId(clientId) : undefined;
    const kept = app && clients.get(app);
    if (kept) return kept;
    const client = await findClient(clientId);
    if (app && client) clients.set(app, client);
    return client;
  };

  provider.use(async (ctx, next) => {
    ctx.set(PROVIDER_HEADERS);
    await next();
    await writes.release(ctx as unknown as KoaContextWithOIDC);
    await gate.after(ctx as unknown as KoaContextWithOIDC);
  });
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    ctx.state[SIGNED_OUT] = true;
  });
  provider.on('backchannel.error', (_ctx, error, client) => logUndelivered(d, client.clientId, error));
  provider.on('server_error', (_ctx, error) => d.log.error({ err: error }, 'OpenID Connect provider error'));
  return provider;
}

/**
 * A back-channel logout that did not arrive, logged without the token: the address refused by
 * the outbound policy (host, address and range only) or the failure of the call.
 */
export function logUndelivered(d: Pick<OidcContext, 'log'>, clientId: string, error: unknown): void {
  if (error instanceof OutboundRefused) d.log.warn({ clientId, host: error.host, address: error.address, range: error.range }, 'back-channel logout refused: address not allowed');
  else d.log.warn({ clientId, err: String(error) }, 'back-channel logout not delivered');
}

export type { ClientMetadata };
