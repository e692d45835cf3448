import type { Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../db/schema.js';
import { mapPage, page } from './paging.js';

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

export interface OperationEntry {
  id: number;
  sceneCode: string;
  ip: string;
  ipRegion: string | null;
  detail: string | null;
  createdAt: number;
}

/** A notice or news item as the home page lists it. */
export interface PublishedNotice {
  id: number;
  title: string;
  publishedAt: number;
}

/** The user's own logs (every query bounded by user and time, which the indexes lead with), and the home page's published items. */
export function logsRepo(db: Kysely<Database>) {
  return {
    async pageAppLog(userRef: number, range: TimeRange, filters: { optType?: string; success?: boolean }, pageNum: number, pageSize: number): Promise<PageResult<LoginEntry>> {
      let base = db.selectFrom('login_history').where('user_ref', '=', userRef).where('created_at', '>=', range.from).where('created_at', '<=', range.to);
      if (filters.optType) base = base.where('opt_type', '=', filters.optType);
      if (filters.success !== undefined) base = base.where('is_success', '=', filters.success ? 1 : 0);
      const result = await page(db, base, (q) => q.select(['id', 'opt_type', 'app_name', 'is_success', 'login_msg', 'ip', 'device_name', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'), pageNum, pageSize);
      return mapPage(result, (r) => ({
        id: r.id, optType: r.opt_type, appName: r.app_name, success: r.is_success === 1, loginMsg: r.login_msg, ip: r.ip, deviceName: r.device_name, createdAt: r.created_at,
      }));
    },
    /** Published home-page items of one kind, newest first (the published-at index orders them). */
    async publishedNotices(kind: string, limit: number): Promise<PublishedNotice[]> {
      const rows = await db.selectFrom('notices').select(['id', 'title', 'published_at'])
        .where('kind', '=', kind).where('published_at', 'is not', null)
        .orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit)
        .execute();
      return rows.flatMap((r) => (r.published_at === null ? [] : [{ id: r.id, title: r.title, publishedAt: r.published_at }]));
    },
    pageOperationLog(userRef: number, range: TimeRange, filters: { sceneCode?: string }, pageNum: number, pageSize: number): Promise<PageResult<OperationEntry>> {
      let base = db.selectFrom('operation_log').where('user_ref', '=', userRef).where('created_at', '>=', range.from).where('created_at', '<=', range.to);
      if (filters.sceneCode) base = base.where('scene_code', '=', filters.sceneCode);
      return page(db, base, (q) => q.select(['id', 'scene_code as sceneCode', 'ip', 'ip_region as ipRegion', 'detail', 'created_at as createdAt']).orderBy('created_at', 'desc').orderBy('id', 'desc'), pageNum, pageSize);
    },
  };
}
