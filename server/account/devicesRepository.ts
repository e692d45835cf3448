import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';

type Seen = { userRef: number; deviceId: string; deviceName: string | null; ip: string; now: number; trustHash?: string; trustUntil?: number };

export function devicesRepo(db: Kysely<Database>) {
  // Every sign-in records its device: built once (reusable.ts), one shape with trust and one without.
  const recording = reusable(db, (v: Seen) => {
    const trust = v.trustHash === undefined ? {} : { trusted_until: v.trustUntil, trust_hash: v.trustHash };
    return db.insertInto('devices')
      // A name the agent does not give is stored as null, on insert and on update alike (a null
      // value is left out of the reusable shape, so it is written here as a constant).
      .values({ user_ref: v.userRef, device_id: v.deviceId, device_name: v.deviceName ?? null, first_seen_at: v.now, last_seen_at: v.now, last_ip: v.ip, ...trust })
      .onConflict((oc) => oc.columns(['user_ref', 'device_id']).doUpdateSet({ last_seen_at: v.now, last_ip: v.ip, device_name: v.deviceName ?? null, ...trust }));
  });
  return {
    /** Whether the user trusts the browser holding the cookie whose digest this is. */
    async trusted(userRef: number, trustHash: string, now: number): Promise<boolean> {
      const row = await db.selectFrom('devices').select('id').where('trust_hash', '=', trustHash).where('user_ref', '=', userRef)
        .where('trusted_until', '>', now).executeTakeFirst();
      return !!row;
    },
    /**
     * Records a sign-in from a device; `trust` when the second factor was just passed on it.
     * `on`: a transaction the record stands or falls with (the sign-in's session).
     */
    async seen(
      userRef: number, deviceId: string, deviceName: string | null, ip: string, now: number, trust: { hash: string; until: number } | null,
      on: Kysely<Database> = db,
    ): Promise<void> {
      await recording({ userRef, deviceId, deviceName, ip, now, ...(trust ? { trustHash: trust.hash, trustUntil: trust.until } : {}) }, '', on);
    },
    /** Forgets that the user trusts this device: the next sign-in on it asks for the second factor. */
    async forgetTrust(userRef: number, deviceId: string): Promise<void> {
      await db.updateTable('devices').set({ trusted_until: null, trust_hash: null }).where('user_ref', '=', userRef).where('device_id', '=', deviceId).execute();
    },
    /** Forgets every device the user trusts ("this was not me"): each next sign-in asks for the second factor. */
    async forgetAllTrust(userRef: number): Promise<number> {
      const result = await db.updateTable('devices').set({ trusted_until: null, trust_hash: null }).where('user_ref', '=', userRef).where('trust_hash', 'is not', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type DevicesRepo = ReturnType<typeof devicesRepo>;
