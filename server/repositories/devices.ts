import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function devicesRepo(db: Kysely<Database>) {
  return {
    /** Whether the user trusts the browser holding the cookie whose digest this is. */
    async trusted(userRef: number, trustHash: string, now: number): Promise<boolean> {
      const row = await db.selectFrom('devices').select('id').where('trust_hash', '=', trustHash).where('user_ref', '=', userRef)
        .where('trusted_until', '>', now).executeTakeFirst();
      return !!row;
    },
    /** Records a sign-in from a device; `trust` when the second factor was just passed on it. */
    async seen(userRef: number, deviceId: string, deviceName: string | null, ip: string, now: number, trust: { hash: string; until: number } | null): Promise<void> {
      await db.insertInto('devices')
        .values({ user_ref: userRef, device_id: deviceId, device_name: deviceName, first_seen_at: now, last_seen_at: now, last_ip: ip, trusted_until: trust?.until ?? null, trust_hash: trust?.hash ?? null })
        .onConflict((oc) => oc.columns(['user_ref', 'device_id']).doUpdateSet(
          trust === null
            ? { last_seen_at: now, last_ip: ip, device_name: deviceName }
            : { last_seen_at: now, last_ip: ip, device_name: deviceName, trusted_until: trust.until, trust_hash: trust.hash },
        ))
        .execute();
    },
    /** Forgets that the user trusts this device: the next sign-in on it asks for the second factor. */
    async forgetTrust(userRef: number, deviceId: string): Promise<void> {
      await db.updateTable('devices').set({ trusted_until: null, trust_hash: null }).where('user_ref', '=', userRef).where('device_id', '=', deviceId).execute();
    },
  };
}
