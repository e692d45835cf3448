import { ZodError } from 'zod';
import type { AppRiskPolicyAnswer } from '../../contract/schemas/admin/appRisk.js';
import type { AppRiskPolicy } from '../../contract/schemas/risk.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import type { Repos } from '../composition/repositories.js';
import { notFound } from '../platform/lib/errors.js';
import { appTarget } from '../apps/adminAccess.js';
import { scopeService } from '../administrators/scope.js';

/**
 * Workbench: an application's own risk policy (apps.risk_policy), or none — it then follows the
 * default in the policies. The security administrator sets any application's; an application's
 * owners set their own, the way they change its other settings (others, like ids nobody has,
 * answer E60205 to them).
 */
export function adminAppRiskService(ctx: ServiceContext, base: BaseServices) {
  const scopes = scopeService(ctx, base);

  const appOf = (actor: AuthUser, id: number) => scopes.app(actor, id);

  /**
   * A zone the policy names must be an office or VPN zone that exists now: refused as bad input
   * naming the entry (`policy.zones.<n>`), as the schema would have if it could know the zones.
   */
  async function refuseUnknownZones(repos: Repos, zones: number[]): Promise<void> {
    for (const [i, id] of zones.entries()) {
      const zone = await repos.zones.get(id);
      if (zone && zone.kind !== 'BLOCKED') continue;
      throw new ZodError([{
        code: 'custom', input: id, path: ['policy', 'zones', i],
        message: zone ? 'must be an office or VPN zone, not a blocked one' : 'no such network zone',
      }]);
    }
  }

  return {
    async get(actor: AuthUser, id: number): Promise<AppRiskPolicyAnswer> {
      const app = await appOf(actor, id);
      const [policy, zones] = await Promise.all([ctx.repos.appRisk.policyOf(app.id), ctx.repos.zones.list()]);
      return {
        policy,
        zoneChoices: zones.flatMap((z) => (z.kind === 'BLOCKED' ? [] : [{ id: z.id, name: z.name, kind: z.kind }])),
      };
    },

    async update(actor: AuthUser, id: number, policy: AppRiskPolicy | null, caller: Caller): Promise<null> {
      const app = await appOf(actor, id);
      const wanted = policy && { ...policy, zones: [...new Set(policy.zones)] };
      await ctx.transaction(async (repos) => {
        // The zones' lock: a zone cannot be deleted or blocked between this check and the write.
        await repos.appRisk.lock();
        if (wanted) await refuseUnknownZones(repos, wanted.zones);
        const before = await repos.appRisk.policyOf(app.id);
        if (!(await repos.appRisk.setPolicy(app.id, wanted))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_RISK_POLICY', appTarget(app), { before: { riskPolicy: before }, after: { riskPolicy: wanted } }, caller, repos);
      });
      return null;
    },
  };
}

export type AdminAppRiskService = ReturnType<typeof adminAppRiskService>;
