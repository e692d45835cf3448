import type { Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { page } from '../platform/db/paging.js';
import type { RiskJudgement } from '../../contract/schemas/risk.js';
import { judgementOf } from '../risk/judgementColumns.js';

/** How many of a person's newest judged sign-ins the devices page reads to find each device's last. */
const JUDGED_ROWS_READ = 500;

/** An account elsewhere (WeChat, DingTalk…) linked to the user. */
export interface SocialBinding {
  id: number;
  source: string;
  socialId: string;
  createdAt: number;
  providerName: string | null;
  upstreamName: string | null;
}

/** A device the user signed in from, with how many live sessions it holds right now. */
export interface DeviceActivity {
  deviceId: string;
  deviceName: string | null;
  firstSeenAt: number;
  lastSeenAt: number;
  lastIp: string | null;
  trustedUntil: number | null;
  activeSessions: number;
}

/** Linked accounts, devices and the user's own sessions. */
export function securityRepo(db: Kysely<Database>) {
  return {
    pageSocial(userRef: number, pageNum: number, pageSize: number): Promise<PageResult<SocialBinding>> {
      const base = db.selectFrom('social_bindings as b').leftJoin('upstream_providers as p', 'p.code', 'b.source').where('b.user_ref', '=', userRef);
      return page(db, base, (q) => q.select(['b.id', 'b.source', 'b.social_id as socialId', 'b.created_at as createdAt', 'p.name as providerName', 'b.upstream_name as upstreamName'])
        .orderBy('b.created_at', 'desc').orderBy('b.id', 'desc'), pageNum, pageSize);
    },
    async unbindSocial(userRef: number, source: string): Promise<number> {
      const result = await db.deleteFrom('social_bindings').where('user_ref', '=', userRef).where('source', '=', source).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** Holds the person's row until the transaction ends, so two unlinks of theirs run one after the other. */
    async lockUser(userRef: number): Promise<void> {
      await db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', userRef).execute();
    },
    /**
     * The ways this person could still sign in without the link through `source`: a password, a
     * usable phone (SMS sign-in), a directory account (when a directory is configured), a passkey,
     * or a link through another enabled provider.
     */
    async otherSignInWays(userRef: number, source: string, directory: boolean): Promise<number> {
      const user = await db.selectFrom('users').select(['password_hash', 'mobile_no', 'phone_disabled', 'ldap_dn']).where('id', '=', userRef).executeTakeFirst();
      if (!user) return 0;
      let ways = (user.password_hash ? 1 : 0) + (user.mobile_no && user.phone_disabled === 0 ? 1 : 0) + (directory && user.ldap_dn ? 1 : 0);
      const passkeys = await db.selectFrom('passkeys').select((e) => e.fn.countAll<number>().as('n')).where('user_ref', '=', userRef).executeTakeFirst();
      ways += Number(passkeys?.n ?? 0);
      const links = await db.selectFrom('social_bindings as b').innerJoin('upstream_providers as p', 'p.code', 'b.source')
        .select((e) => e.fn.countAll<number>().as('n')).where('b.user_ref', '=', userRef).where('b.source', '!=', source).where('p.enabled', '=', 1).executeTakeFirst();
      return ways + Number(links?.n ?? 0);
    },
    async setPhoneDisabled(userRef: number, disabled: boolean, now: number): Promise<boolean> {
      const result = await db.updateTable('users').set({ phone_disabled: disabled ? 1 : 0, updated_at: now })
        .where('id', '=', userRef).where('mobile_no', 'is not', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The user's devices, each with how many live sessions it holds right now. */
    async devices(userRef: number, now: number): Promise<DeviceActivity[]> {
      const rows = await db.selectFrom('devices as d')
        .select((eb) => [
          'd.device_id', 'd.device_name', 'd.first_seen_at', 'd.last_seen_at', 'd.last_ip', 'd.trusted_until',
          eb.selectFrom('sessions as s').select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('s.user_ref', '=', 'd.user_ref').whereRef('s.device_id', '=', 'd.device_id').where('s.expires_at', '>', now).as('active_sessions'),
        ])
        .where('d.user_ref', '=', userRef)
        .orderBy('d.last_seen_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((d) => ({
        deviceId: d.device_id, deviceName: d.device_name, firstSeenAt: d.first_seen_at, lastSeenAt: d.last_seen_at, lastIp: d.last_ip,
        trustedUntil: d.trusted_until, activeSessions: Number(d.active_sessions ?? 0),
      }));
    },
    /**
     * How each device's last judged sign-in went (its newest successful sign-in-log row with a
     * judgement), by device id. Reads the person's newest judged sign-ins only, newest first, so
     * the page costs the same however long the log grows.
     */
    async lastJudgements(userRef: number, deviceIds: string[]): Promise<Map<string, RiskJudgement>> {
      const found = new Map<string, RiskJudgement>();
      if (!deviceIds.length) return found;
      const rows = await db.selectFrom('login_history').select(['device_id', 'risk_level', 'risk_signals', 'risk_place'])
        .where('user_ref', '=', userRef).where('is_success', '=', 1).where('risk_level', 'is not', null).where('device_id', 'in', deviceIds)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(JUDGED_ROWS_READ).execute();
      for (const r of rows) {
        const judgement = r.device_id === null ? null : judgementOf(r.risk_level, r.risk_signals, r.risk_place);
        if (judgement && !found.has(r.device_id!)) found.set(r.device_id!, judgement);
      }
      return found;
    },
    /** The device a session was opened on, if it reported one. */
    async deviceOfSession(sessionId: number): Promise<string | null> {
      const row = await db.selectFrom('sessions').select('device_id').where('id', '=', sessionId).executeTakeFirst();
      return row?.device_id ?? null;
    },
    async deviceExists(userRef: number, deviceId: string): Promise<boolean> {
      return !!(await db.selectFrom('devices').select('id').where('user_ref', '=', userRef).where('device_id', '=', deviceId).executeTakeFirst());
    },
  };
}
