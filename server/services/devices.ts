import type { DeviceRow } from '../../contract/schemas/account.js';
import { AppError, notFound } from '../domain/errors.js';
import type { AuthUser, Caller, ServiceContext } from './context.js';
import type { AuditService } from './audit.js';
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
      return rows.map((d) => ({
        deviceId: d.device_id,
        deviceName: d.device_name,
        firstSeen: iso(d.first_seen_at),
        lastSeen: iso(d.last_seen_at),
        lastIp: d.last_ip,
        trusted: !!d.trusted_until && d.trusted_until > now,
        activeSessions: Number(d.active_sessions ?? 0),
        current: d.device_id === mine?.device_id,
      }));
    },
    async signOut(auth: AuthUser, deviceId: string, caller: Caller): Promise<{ ended: number }> {
      if (!(await repo.deviceExists(auth.userRef, deviceId))) throw notFound();
      const mine = await repo.deviceOfSession(auth.sessionId);
      if (mine?.device_id === deviceId) throw new AppError(CODE.currentDevice);
      const ended = await repo.signOutDevice(auth.userRef, deviceId);
      await audit.operation(auth.userRef, 'SIGN_OUT_DEVICE', caller, deviceId.slice(0, LIMITS.loggedDeviceIdMax));
      return { ended };
    },
  };
}

export type DevicesService = ReturnType<typeof devicesService>;
