import { sql, type Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { COUNT_CAP, isSqlite, mapPage } from '../platform/db/paging.js';
import { reusable } from '../platform/db/reusable.js';
import { reusablePage } from '../platform/db/reusablePage.js';
import { COUNT_DAY_MS } from '../platform/db/migrations/0028_login_day_counts.js';
import type { RiskJudgement } from '../../contract/schemas/risk.js';
import { judgementOf } from '../risk/judgementColumns.js';

export interface TimeRange {
  from: number;
  to: number;
}

export interface LoginEntry {
  id: number;
  optType: string;
  appName: string | null;
  success: boolean;
  /** A result code, or a message written before codes were kept. */
  loginMsg: string;
  ip: string;
  deviceName: string | null;
  createdAt: number;
}

/** A row of the person's own sign-in log, with how the sign-in was judged (null when it was not). */
export interface PersonalLoginEntry extends LoginEntry {
  risk: RiskJudgement | null;
}

export interface OperationEntry {
  id: number;
  sceneCode: string;
  ip: string;
  ipRegion: string | null;
  detail: string | null;
  createdAt: number;
}

type AppLogValues = { userRef: number; from: number; to: number; optType: string | null; success: number | null };

/**
 * The user's own logs (every query bounded by user and time, which the indexes lead with; either
 * direction of time walks the same index).
 */
export function logsRepo(db: Kysely<Database>) {
  // SQLite's total of the app-access log (migration 0028): the rows of the whole days strictly
  // inside the range added up from the kept counts; past the cap on those alone, that is the
  // answer (capped either way), otherwise the rows of the two end days are walked on the index,
  // each walk capped as the count it replaces was. Same number, same cap: for a person with
  // thousands of rows a month, one read of about thirty rows instead of a walk of 10,001.
  type Filters = Pick<AppLogValues, 'userRef' | 'optType' | 'success'>;
  const keptDays = reusable(db, (v: Filters & { fromDay: number; toDay: number }) => {
    let q = db.selectFrom('login_day_counts').select(sql<number>`coalesce(sum(n), 0)`.as('n'))
      .where('user_ref', '=', v.userRef).where('day', '>', v.fromDay).where('day', '<', v.toDay);
    if (v.optType != null) q = q.where('opt_type', '=', v.optType);
    if (v.success != null) q = q.where('is_success', '=', v.success);
    return q;
  });
  const endDays = reusable(db, (v: Filters & { lo1: number; hi1: number; lo2: number; hi2: number }) => {
    const walk = (lo: number, hi: number) => {
      let q = db.selectFrom('login_history').select(sql<number>`1`.as('one')).where('user_ref', '=', v.userRef).where('created_at', '>=', lo).where('created_at', '<=', hi);
      if (v.optType != null) q = q.where('opt_type', '=', v.optType);
      if (v.success != null) q = q.where('is_success', '=', v.success);
      return sql<number>`(select count(*) from (${q.limit(COUNT_CAP + 1)}))`;
    };
    return db.selectNoFrom(sql<number>`${walk(v.lo1, v.hi1)} + ${walk(v.lo2, v.hi2)}`.as('n'));
  });
  const keptTotal = async (v: AppLogValues): Promise<number> => {
    const fromDay = Math.floor(v.from / COUNT_DAY_MS);
    const toDay = Math.floor(v.to / COUNT_DAY_MS);
    const filters = { userRef: v.userRef, optType: v.optType, success: v.success };
    const inside = Number((await keptDays({ ...filters, fromDay, toDay }))[0]?.n ?? 0);
    if (inside > COUNT_CAP) return inside;
    // The first day from `from`, up to its end or `to`; the last day from its start to `to`,
    // when it is another day (else an empty range).
    const firstEnd = Math.min(v.to, (fromDay + 1) * COUNT_DAY_MS - 1);
    const [lo2, hi2] = toDay > fromDay ? [toDay * COUNT_DAY_MS, v.to] : [1, 0];
    return inside + Number((await endDays({ ...filters, lo1: v.from, hi1: firstEnd, lo2, hi2 }))[0]?.n ?? 0);
  };

  // One statement per page, built once per filter set and order (reusablePage.ts); each filter
  // set has an index ending in (created_at, id), so a page is read in order (0007_speed_indexes.ts).
  const appLogPage = reusablePage(db, 'id', (v: AppLogValues, shape) => {
    const order = shape === 'asc' ? 'asc' : 'desc';
    let filtered = db.selectFrom('login_history').where('user_ref', '=', v.userRef).where('created_at', '>=', v.from).where('created_at', '<=', v.to);
    if (v.optType != null) filtered = filtered.where('opt_type', '=', v.optType);
    if (v.success != null) filtered = filtered.where('is_success', '=', v.success);
    const rows = filtered.select(['id', 'opt_type', 'app_name', 'is_success', 'login_msg', 'ip', 'device_name', 'created_at', 'risk_level', 'risk_signals', 'risk_place']).orderBy('created_at', order).orderBy('id', order);
    return { filtered, rows, order: `p.created_at ${order}, p.id ${order}` };
  }, isSqlite(db) ? { total: keptTotal } : {});
  const operationLogPage = reusablePage(db, 'id', (v: { userRef: number; from: number; to: number; sceneCode: string | null }, shape) => {
    const order = shape === 'asc' ? 'asc' : 'desc';
    let filtered = db.selectFrom('operation_log').where('user_ref', '=', v.userRef).where('created_at', '>=', v.from).where('created_at', '<=', v.to);
    if (v.sceneCode != null) filtered = filtered.where('scene_code', '=', v.sceneCode);
    const rows = filtered.select(['id', 'scene_code as sceneCode', 'ip', 'ip_region as ipRegion', 'detail', 'created_at as createdAt']).orderBy('created_at', order).orderBy('id', order);
    return { filtered, rows, order: `p."createdAt" ${order}, p.id ${order}` };
  });

  return {
    async pageAppLog(userRef: number, range: TimeRange, filters: { optType?: string; success?: boolean }, pageNum: number, pageSize: number, order: 'asc' | 'desc' = 'desc'): Promise<PageResult<PersonalLoginEntry>> {
      const values = { userRef, from: range.from, to: range.to, optType: filters.optType || null, success: filters.success === undefined ? null : filters.success ? 1 : 0 };
      const result = await appLogPage(values, pageNum, pageSize, order);
      return mapPage(result, (r) => ({
        id: r.id, optType: r.opt_type, appName: r.app_name, success: r.is_success === 1, loginMsg: r.login_msg, ip: r.ip, deviceName: r.device_name, createdAt: r.created_at,
        risk: judgementOf(r.risk_level, r.risk_signals, r.risk_place),
      }));
    },
    pageOperationLog(userRef: number, range: TimeRange, filters: { sceneCode?: string }, pageNum: number, pageSize: number, order: 'asc' | 'desc' = 'desc'): Promise<PageResult<OperationEntry>> {
      return operationLogPage({ userRef, from: range.from, to: range.to, sceneCode: filters.sceneCode || null }, pageNum, pageSize, order);
    },
  };
}
