import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { page } from './paging.js';

/** Linked accounts, devices and the user's own sessions. */
export function securityRepo(db: Kysely<Database>) {
  return {
    pageSocial(userRef: number, pageNum: number, pageSize: number) {
      const base = db.selectFrom('social_bindings').where('user_ref', '=', userRef);
      return page(db, base, (q) => q.select(['id', 'source', 'social_id', 'created_at']).orderBy('created_at', 'desc'), pageNum, pageSize);
    },
    async unbindSocial(userRef: number, source: string): Promise<number> {
      const result = await db.deleteFrom('social_bindings').where('user_ref', '=', userRef).where('source', '=', source).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async setPhoneDisabled(userRef: number, disabled: boolean, now: number): Promise<boolean> {
      const result = await db.updateTable('users').set({ phone_disabled: disabled ? 1 : 0, updated_at: now })
        .where('id', '=', userRef).where('mobile_no', 'is not', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The user's devices, each with how many live sessions it holds right now. */
    devices(userRef: number, now: number) {
      return db.selectFrom('devices as d')
        .select((eb) => [
          'd.device_id', 'd.device_name', 'd.first_seen_at', 'd.last_seen_at', 'd.last_ip', 'd.trusted_until',
          eb.selectFrom('sessions as s').select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('s.user_ref', '=', 'd.user_ref').whereRef('s.device_id', '=', 'd.device_id').where('s.expires_at', '>', now).as('active_sessions'),
        ])
        .where('d.user_ref', '=', userRef)
        .orderBy('d.last_seen_at', 'desc')
        .limit(100)
        .execute();
    },
    deviceOfSession(sessionId: number) {
      return db.selectFrom('sessions').select('device_id').where('id', '=', sessionId).executeTakeFirst();
    },
    /** Ends every session of the user on that device and forgets its second-factor trust. */
    async signOutDevice(userRef: number, deviceId: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('user_ref', '=', userRef).where('device_id', '=', deviceId).executeTakeFirst();
      await db.updateTable('devices').set({ trusted_until: null, trust_hash: null }).where('user_ref', '=', userRef).where('device_id', '=', deviceId).execute();
      return Number(result.numDeletedRows);
    },
    async deviceExists(userRef: number, deviceId: string): Promise<boolean> {
      return !!(await db.selectFrom('devices').select('id').where('user_ref', '=', userRef).where('device_id', '=', deviceId).executeTakeFirst());
    },
  };
}
