import { OIDC_GRANT_TYPES, type AdminApp, type RotatedSecret, type SignOnProtocol } from '../../contract/schemas/admin/apps.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { CODE } from '../../contract/codes.js';
import type { CaptchaStrategy, OidcGrantType } from '../../contract/enums.js';
import type { LoginType } from '../../contract/rules.js';
import { ZodError } from 'zod';
import { AppError, notFound } from '../platform/lib/errors.js';
import { issuerOf } from '../protocols/oidc/issuer.js';
import { outboundPolicyOf } from '../platform/lib/outboundUrl.js';
import type { AdminAppPatch, AdminAppRecord, AppListFilters } from './adminRepository.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { appTarget, appsAccessService } from './adminAccess.js';
import { SECRET_OVERLAP_MS, hashClientSecret, newClientSecret, secretMatches } from './adminSecret.js';
import { appCache } from './appCache.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminAppsEndpoints } from '../../contract/endpoints/admin/apps.js';
import { confineApps, outsideScope, refuseOutsideApp, scopeService } from '../administrators/scope.js';

const iso = (ms: number) => new Date(ms).toISOString();
const CLIENT_ID_SUFFIX = '-client';
/** Where an issuer's discovery document is (OpenID Connect Discovery 1.0 §4). */
const DISCOVERY_PATH = '/.well-known/openid-configuration';

/** The provider an application is configured with. */
export interface ProviderAddresses { issuer: string; discoveryUrl: string }

/** Stored as the strategy's number in text; null leaves each login type's own strategy. */
export const storedStrategy = (value: CaptchaStrategy | null): string | null => (value === null ? null : String(value));
export const strategyOf = (stored: string | null): CaptchaStrategy | null => (stored === null ? null : (Number(stored) as CaptchaStrategy));

/** SAML or CAS when registered for either (server/apps/signOnRepository.ts), else as the legacy flag says. */
export const protocolOf = (a: Pick<AdminAppRecord, 'legacy'>, registered: 'saml' | 'cas' | undefined): SignOnProtocol => registered ?? (a.legacy ? 'legacy' : 'oidc');

export function toAdminApp(a: AdminAppRecord, provider: ProviderAddresses, protocol: SignOnProtocol): AdminApp {
  return {
    id: a.id, appId: a.appId, appName: a.appName, icon: a.icon, category: a.category, clientId: a.clientId, idpSsoUrl: a.idpSsoUrl,
    loginTypes: a.loginTypes as LoginType[], captchaStrategy: strategyOf(a.captchaStrategy), secondAuthRequired: a.secondAuthRequired,
    sortOrder: a.sortOrder, permSystem: a.permSystem, enabled: a.enabled, createdAt: iso(a.createdAt), clientSecretSet: a.clientSecretSet,
    previousSecretValidUntil: a.previousSecretValidUntil === null ? null : iso(a.previousSecretValidUntil),
    redirectUris: a.redirectUris, postLogoutRedirectUris: a.postLogoutRedirectUris, grantTypes: grantTypesOf(a),
    accessTokenTtl: a.accessTokenTtl, idTokenTtl: a.idTokenTtl, refreshTokenTtl: a.refreshTokenTtl,
    backchannelLogoutUri: a.backchannelLogoutUri, initiateLoginUri: a.initiateLoginUri, firstParty: a.firstParty, legacy: a.legacy,
    protocol, ...provider,
  };
}

/** Stored null is the provider's default: every grant type. */
const grantTypesOf = (a: AdminAppRecord): OidcGrantType[] =>
  a.grantTypes === null ? [...OIDC_GRANT_TYPES] : OIDC_GRANT_TYPES.filter((type) => a.grantTypes!.includes(type));

/** An application's settings as the operation log keeps them: the icon only as whether there is one. */
function settingsOf(a: AdminAppRecord) {
  return {
    appId: a.appId, appName: a.appName, icon: a.icon === null ? null : '(image)', category: a.category, clientId: a.clientId, idpSsoUrl: a.idpSsoUrl,
    loginTypes: a.loginTypes, captchaStrategy: strategyOf(a.captchaStrategy), secondAuthRequired: a.secondAuthRequired, sortOrder: a.sortOrder,
    permSystem: a.permSystem, enabled: a.enabled,
    legacy: a.legacy, firstParty: a.firstParty, redirectUris: a.redirectUris, postLogoutRedirectUris: a.postLogoutRedirectUris,
    grantTypes: grantTypesOf(a), backchannelLogoutUri: a.backchannelLogoutUri, initiateLoginUri: a.initiateLoginUri,
    // Not "…TokenTtl": the log masks every key that looks like a token, and a lifetime is no secret.
    accessLifetime: a.accessTokenTtl, idLifetime: a.idTokenTtl, refreshLifetime: a.refreshTokenTtl,
  };
}

/**
 * Workbench: applications. Their settings are what the portal reads (sign-in methods, captcha
 * strategy and second factor on /login?appId=, launch URL, enabled) and what the OpenID Connect
 * provider reads as client metadata on every request (server/protocols/oidc/clients.ts, no cache), so a
 * change takes effect at the next sign-in, launch or authorisation request.
 */
export function adminAppsService(ctx: ServiceContext, base: BaseServices) {
  const repo = ctx.repos.admin.apps;
  // Asked on every token request with client credentials: a second's copy (appCache.ts).
  const secretOfClient = appCache((clientId: string) => repo.secretState({ clientId }));
  const issuer = issuerOf(ctx.config.publicUrl);
  const provider: ProviderAddresses = { issuer, discoveryUrl: `${issuer}${DISCOVERY_PATH}` };
  /** The applications as the workbench shows them, each with the protocol it is registered for. */
  async function views(apps: AdminAppRecord[]): Promise<AdminApp[]> {
    const registered = await ctx.repos.admin.signOn.registeredProtocols(apps.map((a) => a.id));
    return apps.map((a) => toAdminApp(a, provider, protocolOf(a, registered.get(a.id))));
  }
  const outbound = outboundPolicyOf(ctx.config);

  /**
   * The back-channel logout URI is the one address here the server calls itself: one it may not
   * call (loopback, private, metadata… not in OUTBOUND_ALLOW) is refused as the schema refuses
   * input, 400 E00001 naming the field. Names are judged again after DNS, at the call.
   */
  function refuseUncallable(uri: string | null | undefined): void {
    const refused = uri ? outbound.refusal(uri) : null;
    if (!refused) return;
    throw new ZodError([{
      code: 'custom', path: ['backchannelLogoutUri'], input: uri,
      message: `the server may not call this address: ${refused.message} (unless the operator names it in OUTBOUND_ALLOW)`,
    }]);
  }

  const scopes = scopeService(ctx, base);

  /**
   * The application, within the caller's reach: an owner reaches the applications they own only,
   * and to them one they do not own answers as an id nobody has (E60205).
   */
  async function found(actor: AuthUser, id: number): Promise<AdminAppRecord> {
    const scope = await scopes.apps(actor);
    const app = await repo.find(id);
    if (!app) throw scope.kind === 'all' ? notFound() : outsideScope();
    refuseOutsideApp(scope, id);
    return app;
  }
  /** What an id nobody has answers: not found, or to an owner the same as an application they do not own. */
  const absent = async (actor: AuthUser) => ((await scopes.apps(actor)).kind === 'all' ? notFound() : outsideScope());

  async function setEnabled(actor: AuthUser, id: number, enabled: boolean, caller: Caller): Promise<null> {
    await ctx.transaction(async (repos) => {
      const before = await repos.admin.apps.find(id);
      if (!before || !(await repos.admin.apps.setEnabled(id, enabled))) throw notFound();
      await base.audit.adminChange(actor.userRef, enabled ? 'ADMIN_APP_ENABLE' : 'ADMIN_APP_DISABLE', appTarget(before), { before: { enabled: before.enabled }, after: { enabled } }, caller, repos);
    });
    return null;
  }

  return {
    async list(actor: AuthUser, filters: AppListFilters, pageNum: number, pageSize: number): Promise<PageResult<AdminApp>> {
      const result = await repo.page({ ...filters, appRefs: confineApps(await scopes.apps(actor)) }, pageNum, pageSize);
      return { ...result, datas: await views(result.datas) };
    },

    get: async (actor: AuthUser, id: number): Promise<AdminApp> => (await views([await found(actor, id)]))[0],

    async create(actor: AuthUser, body: InputOf<typeof adminAppsEndpoints.create>, caller: Caller): Promise<{ id: number }> {
      const clientId = body.clientId ?? `${body.appId}${CLIENT_ID_SUFFIX}`;
      refuseUncallable(body.backchannelLogoutUri);
      if (!body.legacy && !body.redirectUris.length) throw new AppError(CODE.oidcRedirectUriRequired);
      const refuseTaken = async () => {
        const taken = await repo.taken(body.appId, clientId);
        if (taken.appId) throw new AppError(CODE.appIdTaken);
        if (taken.clientId) throw new AppError(CODE.clientIdTaken);
      };
      await refuseTaken();
      const id = await ctx.transaction(async (repos) => {
        const created = await repos.admin.apps.insert({
          appId: body.appId, appName: body.appName, icon: body.icon ?? null, category: body.category ?? null, clientId, idpSsoUrl: body.idpSsoUrl,
          loginTypes: body.loginTypes, captchaStrategy: storedStrategy(body.captchaStrategy), secondAuthRequired: body.secondAuthRequired,
          sortOrder: body.sortOrder, permSystem: body.permSystem, enabled: body.enabled, createdAt: ctx.clock.now(),
          redirectUris: body.redirectUris, postLogoutRedirectUris: body.postLogoutRedirectUris, grantTypes: body.grantTypes,
          accessTokenTtl: body.accessTokenTtl, idTokenTtl: body.idTokenTtl, refreshTokenTtl: body.refreshTokenTtl,
          backchannelLogoutUri: body.backchannelLogoutUri, initiateLoginUri: body.initiateLoginUri, firstParty: body.firstParty, legacy: body.legacy,
        });
        if (created === null) return null;
        const after = await repos.admin.apps.find(created);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_CREATE', appTarget(body), { after: after && settingsOf(after) }, caller, repos);
        return created;
      });
      // Another administrator took the name between the check and the insert.
      if (id === null) {
        await refuseTaken();
        throw new AppError(CODE.appIdTaken);
      }
      return { id };
    },

    async update(actor: AuthUser, body: InputOf<typeof adminAppsEndpoints.update>, caller: Caller): Promise<null> {
      const { id, captchaStrategy, ...rest } = body;
      refuseUncallable(body.backchannelLogoutUri);
      const patch: AdminAppPatch = { ...rest, ...(captchaStrategy !== undefined ? { captchaStrategy: storedStrategy(captchaStrategy) } : {}) };
      await found(actor, id);
      await ctx.transaction(async (repos) => {
        const before = await repos.admin.apps.find(id);
        if (!before) throw notFound();
        // An OpenID Connect application signs in through a redirect URI: none would leave it unusable.
        const outcome = await repos.admin.apps.update(id, patch, true);
        if (outcome === 'missing') throw notFound();
        if (outcome === 'refused') throw new AppError(CODE.oidcRedirectUriRequired);
        const after = await repos.admin.apps.find(id);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_UPDATE', appTarget(before), { before: settingsOf(before), after: after && settingsOf(after) }, caller, repos);
      });
      return null;
    },

    enable: (actor: AuthUser, id: number, caller: Caller) => setEnabled(actor, id, true, caller),
    disable: (actor: AuthUser, id: number, caller: Caller) => setEnabled(actor, id, false, caller),

    /**
     * A new client secret, answered this once; only its hash is kept. The secret it replaces
     * stays valid for LIMITS.clientSecretOverlapHours so the application can switch over.
     */
    async rotateSecret(actor: AuthUser, id: number, caller: Caller): Promise<RotatedSecret> {
      await found(actor, id);
      const secret = newClientSecret();
      const result = await ctx.transaction(async (repos) => {
        const app = await repos.admin.apps.find(id);
        const rotated = app && (await repos.admin.apps.rotateSecret(id, hashClientSecret(secret), ctx.clock.now() + SECRET_OVERLAP_MS));
        if (!app || !rotated) throw notFound();
        const previousValidUntil = rotated.previousValidUntil === null ? null : iso(rotated.previousValidUntil);
        // Neither secret nor hash reaches the log: only that one was generated and until when the old one holds.
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_SECRET_ROTATE', appTarget(app), {
          before: { generated: app.clientSecretSet }, after: { generated: true, previousValidUntil },
        }, caller, repos);
        return { clientId: app.clientId, previousValidUntil };
      });
      return { ...result, clientSecret: secret };
    },

    /**
     * Whether `secret` is the client secret of the application (by record id or client id): the
     * current one, or the previous one within the overlap window. For the OIDC token endpoint.
     */
    async verifyClientSecret(app: number | string, secret: string): Promise<boolean> {
      const state = await (typeof app === 'number' ? repo.secretState({ id: app }) : secretOfClient(app));
      // Client ids are not secret: an unknown one may answer a little sooner than a wrong secret.
      return state ? secretMatches(state, secret, ctx.clock.now()) : false;
    },

    ...appsAccessService(ctx, base, found, absent),
    /** For the SAML and CAS settings: the application within the caller's reach. */
    found,
  };
}

export type AdminAppsService = ReturnType<typeof adminAppsService>;
