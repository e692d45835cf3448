import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function devicesRepo(db: Kysely<Database>) {
  return {
    find(userRef: number, deviceId: string) {
      return db.selectFrom('devices').selectAll().where('user_ref', '=', userRef).where('device_id', '=', deviceId).executeTakeFirst();
    },
    /** Records a sign-in from a device; `trustedUntil` set when the second factor was passed on it. */
    async seen(userRef: number, deviceId: string, deviceName: string | null, ip: string, now: number, trustedUntil: number | null): Promise<void> {
      await db.insertInto('devices')
        .values({ user_ref: userRef, device_id: deviceId, device_name: deviceName, first_seen_at: now, last_seen_at: now, last_ip: ip, trusted_until: trustedUntil })
        .onConflict((oc) => oc.columns(['user_ref', 'device_id']).doUpdateSet(
          trustedUntil === null
            ? { last_seen_at: now, last_ip: ip, device_name: deviceName }
            : { last_seen_at: now, last_ip: ip, device_name: deviceName, trusted_until: trustedUntil },
        ))
        .execute();
    },
  };
}
