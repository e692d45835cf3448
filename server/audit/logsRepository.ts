import type { Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { mapPage } from '../platform/db/paging.js';
import { reusablePage } from '../platform/db/reusablePage.js';
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

/**
 * The user's own logs (every query bounded by user and time, which the indexes lead with; either
 * direction of time walks the same index).
 */
export function logsRepo(db: Kysely<Database>) {
  // One statement per page, built once per filter set and order (reusablePage.ts); each filter
  // set has an index ending in (created_at, id), so a page is read in order (0007_speed_indexes.ts).
  const appLogPage = reusablePage(db, 'id', (v: { userRef: number; from: number; to: number; optType: string | null; success: number | null }, shape) => {
    const order = shape === 'asc' ? 'asc' : 'desc';
    let filtered = db.selectFrom('login_history').where('user_ref', '=', v.userRef).where('created_at', '>=', v.from).where('created_at', '<=', v.to);
    if (v.optType != null) filtered = filtered.where('opt_type', '=', v.optType);
    if (v.success != null) filtered = filtered.where('is_success', '=', v.success);
    const rows = filtered.select(['id', 'opt_type', 'app_name', 'is_success', 'login_msg', 'ip', 'device_name', 'created_at', 'risk_level', 'risk_signals', 'risk_place']).orderBy('created_at', order).orderBy('id', order);
    return { filtered, rows, order: `p.created_at ${order}, p.id ${order}` };
  });
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
