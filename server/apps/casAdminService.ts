import { CODE } from '../../contract/codes.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminAppsSignOnEndpoints } from '../../contract/endpoints/admin/appsSignOn.js';
import type { CasGetAnswer, CasMatch } from '../../contract/schemas/admin/appsSignOn.js';
import { ZodError } from 'zod';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { AppError } from '../platform/lib/errors.js';
import { appTarget } from './adminAccess.js';
import { casSettingsOf, samlSettingsOf } from './signOnAudit.js';
import { scopeService } from '../administrators/scope.js';

/** Where the CAS server answers (server/protocols/cas): a client is configured with this base. */
export const CAS_MOUNT = '/cas';

/**
 * Workbench: an application's CAS service URLs. A service ticket goes only to a URL registered
 * here, so a URL may belong to one application only: the same URL, a URL under another
 * application's prefix, or a prefix covering another's URL is refused (E40216) — otherwise which
 * application a ticket is for would depend on the order the server happened to look.
 */
/**
 * The URLs as the CAS server compares them: parsed (host case, default port and dot segments
 * normalised), so the overlap check between applications sees what the server will see. Two
 * entries that turn out to be one URL are refused as the schema refuses a listed-twice one.
 */
function normalised(services: { url: string; match: CasMatch }[]): { url: string; match: CasMatch }[] {
  const result = services.map((s) => ({ url: new URL(s.url).href, match: s.match }));
  const twice = result.findIndex((s, i) => result.findIndex((o) => o.url === s.url) !== i);
  if (twice >= 0) {
    throw new ZodError([{ code: 'custom', path: ['services', twice, 'url'], input: services[twice].url, message: 'names the same URL as another entry' }]);
  }
  return result;
}

export function adminCasService(ctx: ServiceContext, base: BaseServices) {
  const casServerUrl = `${ctx.config.publicUrl}${CAS_MOUNT}`;

  const scopes = scopeService(ctx, base);
  const appOf = (actor: AuthUser, id: number) => scopes.app(actor, id);

  return {
    async get(actor: AuthUser, id: number): Promise<CasGetAnswer> {
      await appOf(actor, id);
      const services = await ctx.repos.admin.signOn.casList(id);
      return { services: services.map((s) => ({ url: s.url, match: s.match, createdAt: new Date(s.createdAt).toISOString() })), casServerUrl };
    },

    /**
     * Replaces the list. A non-empty one ends the application's SAML settings in the same
     * transaction (one application, one protocol). The overlap check and the write run under
     * the registry's lock, so two administrators registering overlapping URLs for two
     * applications at once cannot both succeed.
     */
    async save(actor: AuthUser, body: InputOf<typeof adminAppsSignOnEndpoints.casSave>, caller: Caller): Promise<null> {
      const app = await appOf(actor, body.id);
      const services = normalised(body.services);
      await ctx.transaction(async (repos) => {
        await repos.admin.signOn.lockRegistry();
        const overlaps = await repos.admin.signOn.casOverlaps(app.id, services);
        if (overlaps.length) throw new AppError(CODE.casServiceTaken, { url: overlaps[0] });
        const before = await repos.admin.signOn.casList(app.id);
        const samlBefore = services.length ? await repos.admin.signOn.samlFind(app.id) : undefined;
        const same = before.length === services.length && services.every((s) => before.some((b) => b.url === s.url && b.match === s.match));
        if (same && !samlBefore) return;
        await repos.admin.signOn.casReplace(app.id, services, ctx.clock.now());
        if (samlBefore) await repos.admin.signOn.samlDelete(app.id);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_CAS_SAVE', appTarget(app), {
          before: { cas: casSettingsOf(before), ...(samlBefore ? { saml: samlSettingsOf(samlBefore) } : {}) },
          after: { cas: casSettingsOf(services), ...(samlBefore ? { saml: null } : {}) },
        }, caller, repos);
      });
      return null;
    },
  };
}

export type AdminCasService = ReturnType<typeof adminCasService>;
