import { CODE } from '../../contract/codes.js';
import type { AdminNetworkZone, ZoneSaveBody } from '../../contract/schemas/admin/networkZones.js';
import type { ZoneKind } from '../../contract/schemas/risk.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import type { Repos } from '../composition/repositories.js';
import { isUniqueViolation } from '../platform/db/constraints.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import type { ZoneInput, ZoneRecord } from './zonesRepository.js';

/** What the operation log names: the zone's id, which its name may change under. */
const zoneTarget = (id: number) => `zone:${id}`;
/** A zone as the audit row keeps it. */
const shown = (z: ZoneInput) => ({ name: z.name, kind: z.kind, ranges: z.ranges });
/** Only office and VPN zones can be what an application is confined to. */
const confinable = (kind: ZoneKind) => kind !== 'BLOCKED';

/**
 * Workbench: network zones. A zone an application's risk policy names is that application's only
 * way in, so it is neither deleted nor turned into a blocked zone while named (E40422, naming the
 * applications); every change holds the lock application policy changes take, so the check and
 * the write cannot interleave with a policy naming the zone. Once a change has committed, this
 * instance's copy of the zones (the risk engine's) is dropped; other instances read them afresh
 * within a second.
 */
export function adminZonesService(ctx: ServiceContext, base: BaseServices) {
  const input = (body: ZoneSaveBody): ZoneInput => ({ name: body.name, kind: body.kind, ranges: [...new Set(body.ranges)] });
  const taken = (error: unknown) => {
    throw isUniqueViolation(error) ? new AppError(CODE.zoneNameTaken) : error;
  };

  /** Refuses while an application's policy names the zone. */
  async function refuseInUse(repos: Repos, id: number): Promise<void> {
    const apps = (await repos.appRisk.confined()).filter((a) => a.zones.includes(id));
    if (apps.length) throw new AppError(CODE.zoneInUse, { apps: apps.map((a) => a.appName).join(', ') });
  }

  async function existing(repos: Repos, id: number): Promise<ZoneRecord> {
    const zone = await repos.zones.get(id);
    if (!zone) throw notFound();
    return zone;
  }

  return {
    async list(kind: ZoneKind | undefined): Promise<AdminNetworkZone[]> {
      const [zones, confined] = await Promise.all([ctx.repos.zones.list(), ctx.repos.appRisk.confined()]);
      return zones.filter((z) => kind === undefined || z.kind === kind).map((z) => ({
        id: z.id, name: z.name, kind: z.kind, ranges: z.ranges, updatedAt: new Date(z.updatedAt).toISOString(),
        usedBy: confined.filter((a) => a.zones.includes(z.id)).map((a) => ({ id: a.id, appName: a.appName })),
      }));
    },

    async create(actor: AuthUser, body: ZoneSaveBody, caller: Caller): Promise<{ id: number }> {
      const zone = input(body);
      const id = await ctx.transaction(async (repos) => {
        await repos.appRisk.lock();
        const created = await repos.zones.create(zone, ctx.clock.now()).catch(taken);
        await base.audit.adminChange(actor.userRef, 'ADMIN_ZONE_CREATE', zoneTarget(created), { after: shown(zone) }, caller, repos);
        return created;
      });
      base.risk.zones.invalidate();
      return { id };
    },

    async update(actor: AuthUser, id: number, body: ZoneSaveBody, caller: Caller): Promise<null> {
      const zone = input(body);
      await ctx.transaction(async (repos) => {
        await repos.appRisk.lock();
        const before = await existing(repos, id);
        if (confinable(before.kind) && !confinable(zone.kind)) await refuseInUse(repos, id);
        if (!(await repos.zones.update(id, zone, ctx.clock.now()).catch(taken))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_ZONE_UPDATE', zoneTarget(id), { before: shown(before), after: shown(zone) }, caller, repos);
      });
      base.risk.zones.invalidate();
      return null;
    },

    async delete(actor: AuthUser, id: number, caller: Caller): Promise<null> {
      await ctx.transaction(async (repos) => {
        await repos.appRisk.lock();
        const before = await existing(repos, id);
        await refuseInUse(repos, id);
        if (!(await repos.zones.delete(id))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_ZONE_DELETE', zoneTarget(id), { before: shown(before), after: null }, caller, repos);
      });
      base.risk.zones.invalidate();
      return null;
    },
  };
}

export type AdminZonesService = ReturnType<typeof adminZonesService>;
