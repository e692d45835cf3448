import type { DeviceRow } from '../../contract/schemas/account.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { AuditService } from '../audit/service.js';
import { CODE } from '../../contract/codes.js';
import { LIMITS } from '../../contract/rules.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** The user's devices and live sessions; signing a device out ends its sessions server-side. */
export function devicesService(ctx: ServiceContext, audit: AuditService) {
  const repo = ctx.repos.security;
  return {
    async list(auth: AuthUser): Promise<DeviceRow[]> {
      const now = ctx.clock.now();
      const [rows, mine] = await Promise.all([repo.devices(auth.userRef, now), repo.deviceOfSession(auth.sessionId)]);
      const judged = await repo.lastJudgements(auth.userRef, rows.map((d) => d.deviceId));
      return rows.map((d) => ({
        deviceId: d.deviceId,
        deviceName: d.deviceName,
        firstSeen: iso(d.firstSeenAt),
        lastSeen: iso(d.lastSeenAt),
        lastIp: d.lastIp,
        trusted: !!d.trustedUntil && d.trustedUntil > now,
        activeSessions: d.activeSessions,
        current: d.deviceId === mine,
        risk: judged.get(d.deviceId) ?? null,
      }));
    },
    async signOut(auth: AuthUser, deviceId: string, caller: Caller): Promise<{ ended: number }> {
      if (!(await repo.deviceExists(auth.userRef, deviceId))) throw notFound();
      if ((await repo.deviceOfSession(auth.sessionId)) === deviceId) throw new AppError(CODE.currentDevice);
      // Its sessions end and its second-factor trust is forgotten together, or neither.
      const ended = await ctx.transaction(async (repos) => {
        const count = await repos.sessions.deleteByDevice(auth.userRef, deviceId);
        await repos.devices.forgetTrust(auth.userRef, deviceId);
        await audit.operation(auth.userRef, 'SIGN_OUT_DEVICE', caller, deviceId.slice(0, LIMITS.loggedDeviceIdMax), repos);
        return count;
      });
      return { ended };
    },
  };
}

export type DevicesService = ReturnType<typeof devicesService>;
