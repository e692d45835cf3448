import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { page } from './paging.js';

export interface TimeRange {
  from: number;
  to: number;
}

/** The user's own logs; every query is bounded by user and time, which the indexes lead with. */
export function logsRepo(db: Kysely<Database>) {
  return {
    pageAppLog(userRef: number, range: TimeRange, filters: { optType?: string; isSuccess?: number }, pageNum: number, pageSize: number) {
      let base = db.selectFrom('login_history').where('user_ref', '=', userRef).where('created_at', '>=', range.from).where('created_at', '<=', range.to);
      if (filters.optType) base = base.where('opt_type', '=', filters.optType);
      if (filters.isSuccess !== undefined) base = base.where('is_success', '=', filters.isSuccess);
      return page(db, base, (q) => q.select(['id', 'opt_type', 'app_name', 'is_success', 'login_msg', 'ip', 'device_name', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'), pageNum, pageSize);
    },
    pageOperationLog(userRef: number, range: TimeRange, filters: { sceneCode?: string }, pageNum: number, pageSize: number) {
      let base = db.selectFrom('operation_log').where('user_ref', '=', userRef).where('created_at', '>=', range.from).where('created_at', '<=', range.to);
      if (filters.sceneCode) base = base.where('scene_code', '=', filters.sceneCode);
      return page(db, base, (q) => q.select(['id', 'scene_code', 'ip', 'ip_region', 'detail', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'), pageNum, pageSize);
    },
  };
}
