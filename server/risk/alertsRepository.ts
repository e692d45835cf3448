import type { Kysely, Selectable } from 'kysely';
import type { Database, SignInAlertsTable } from '../platform/db/schema.js';
import { RISK_SIGNALS, type RiskSignal } from '../../contract/schemas/risk.js';

export interface AlertRecord {
  id: number;
  userRef: number;
  signals: RiskSignal[];
  ip: string;
  deviceName: string | null;
  place: string | null;
  createdAt: number;
  tokenExpiresAt: number;
  disownedAt: number | null;
  readAt: number | null;
}

export interface NewAlert {
  userRef: number;
  signals: RiskSignal[];
  ip: string;
  deviceName: string | null;
  place: string | null;
  createdAt: number;
  tokenHash: string;
  tokenExpiresAt: number;
}

const known = new Set<string>(RISK_SIGNALS);
/** Stored comma-separated; a name this version does not know is left out rather than shown raw. */
const signalsOf = (raw: string): RiskSignal[] => raw.split(',').filter((s): s is RiskSignal => known.has(s));

function toRecord(row: Selectable<SignInAlertsTable>): AlertRecord {
  return {
    id: Number(row.id), userRef: row.user_ref, signals: signalsOf(row.signals), ip: row.ip, deviceName: row.device_name, place: row.place,
    createdAt: Number(row.created_at), tokenExpiresAt: Number(row.token_expires_at),
    disownedAt: row.disowned_at === null ? null : Number(row.disowned_at), readAt: row.read_at === null ? null : Number(row.read_at),
  };
}

/** Sign-in alerts (sign_in_alerts): the token is kept only as its SHA-256. */
export function alertsRepo(db: Kysely<Database>) {
  return {
    async create(alert: NewAlert): Promise<number> {
      const row = await db.insertInto('sign_in_alerts').values({
        user_ref: alert.userRef, signals: alert.signals.join(','), ip: alert.ip, device_name: alert.deviceName, place: alert.place,
        created_at: alert.createdAt, token_hash: alert.tokenHash, token_expires_at: alert.tokenExpiresAt,
      }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The alert of a link that still works (not disowned, not expired). */
    async liveByToken(tokenHash: string, now: number): Promise<AlertRecord | undefined> {
      const row = await db.selectFrom('sign_in_alerts').selectAll().where('token_hash', '=', tokenHash)
        .where('disowned_at', 'is', null).where('token_expires_at', '>', now).executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * Spends a link: one conditional UPDATE, so of any number of uses at once, on any instance,
     * exactly one finds the row still standing. The person whose alert it was, or undefined.
     */
    async disownByToken(tokenHash: string, now: number): Promise<{ id: number; userRef: number } | undefined> {
      const row = await db.updateTable('sign_in_alerts').set({ disowned_at: now, read_at: now })
        .where('token_hash', '=', tokenHash).where('disowned_at', 'is', null).where('token_expires_at', '>', now)
        .returning(['id', 'user_ref']).executeTakeFirst();
      return row && { id: Number(row.id), userRef: row.user_ref };
    },

    /** The same from the personal centre: the caller's own alert only, whatever its link's age. */
    async disownOwn(id: number, userRef: number, now: number): Promise<boolean> {
      const result = await db.updateTable('sign_in_alerts').set({ disowned_at: now, read_at: now })
        .where('id', '=', id).where('user_ref', '=', userRef).where('disowned_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async exists(id: number, userRef: number): Promise<boolean> {
      return !!(await db.selectFrom('sign_in_alerts').select('id').where('id', '=', id).where('user_ref', '=', userRef).executeTakeFirst());
    },

    async page(userRef: number, pageNum: number, pageSize: number): Promise<{ datas: AlertRecord[]; total: number; unread: number }> {
      const [rows, counts] = await Promise.all([
        db.selectFrom('sign_in_alerts').selectAll().where('user_ref', '=', userRef)
          .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
        db.selectFrom('sign_in_alerts').where('user_ref', '=', userRef)
          .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('read_at').as('read')]).executeTakeFirstOrThrow(),
      ]);
      const total = Number(counts.total);
      return { datas: rows.map(toRecord), total, unread: total - Number(counts.read) };
    },

    async markRead(userRef: number, ids: number[], now: number): Promise<number> {
      const result = await db.updateTable('sign_in_alerts').set({ read_at: now })
        .where('user_ref', '=', userRef).where('id', 'in', ids).where('read_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Whether the person's phone may be texted: bound and not stopped (the number as the sign-in knew it). */
    async textable(userRef: number, mobileNo: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('phone_disabled').where('id', '=', userRef).where('mobile_no', '=', mobileNo).executeTakeFirst();
      return !!row && row.phone_disabled === 0;
    },
  };
}

export type AlertsRepo = ReturnType<typeof alertsRepo>;
