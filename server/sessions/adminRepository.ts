import { sql, type Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { isSqlite, mapPage, page } from '../platform/db/paging.js';
import { personMatches } from '../organisation/personSearch.js';

/** Which sessions are alive: not past their absolute end, and used since the idle cut-off. */
export interface Liveness {
  now: number;
  /** Sessions last seen before this have idled out. */
  seenSince: number;
}

export interface LiveSession {
  id: number;
  userRef: number;
  account: string;
  userName: string;
  deviceName: string | null;
  ip: string;
  userAgent: string | null;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/** How the list is ordered: one of the sortable columns (contract/schemas/sort.ts), either way; most recently seen first by default. */
export interface SessionOrder {
  field?: 'lastSeenDate' | 'createdDate' | 'expiresDate' | 'userId';
  order?: 'asc' | 'desc';
}
const SORT_COLUMN = { lastSeenDate: 'sessions.last_seen_at', createdDate: 'sessions.created_at', expiresDate: 'sessions.expires_at', userId: 'users.user_id' } as const;

/** Workbench queries: the organisation's live sessions, and ending them. */
export function adminSessionsRepo(db: Kysely<Database>) {
  const sqlite = isSqlite(db);
  const live = (alive: Liveness) =>
    db.selectFrom('sessions').where('sessions.expires_at', '>', alive.now).where('sessions.last_seen_at', '>', alive.seenSince);

  return {
    async page(alive: Liveness, filters: { userRef?: number; keyWord?: string }, sort: SessionOrder, pageNum: number, pageSize: number): Promise<PageResult<LiveSession>> {
      const column = SORT_COLUMN[sort.field ?? 'lastSeenDate'];
      const order = sort.order ?? 'desc';
      let base = live(alive).innerJoin('users', 'users.id', 'sessions.user_ref');
      if (filters.userRef !== undefined) base = base.where('sessions.user_ref', '=', filters.userRef);
      if (filters.keyWord) {
        base = base.where(personMatches(filters.keyWord, sqlite));
      }
      const result = await page(db, base, (q) => q.select([
        'sessions.id as id', 'sessions.user_ref as userRef', 'users.user_id as account', 'users.user_name as userName', 'sessions.device_name as deviceName',
        'sessions.ip as ip', 'sessions.user_agent as userAgent', 'sessions.created_at as createdAt', 'sessions.last_seen_at as lastSeenAt',
        'sessions.expires_at as expiresAt',
      ]).orderBy(column, order).orderBy('sessions.id', order), pageNum, pageSize);
      return mapPage(result, (r) => ({ ...r, createdAt: Number(r.createdAt), lastSeenAt: Number(r.lastSeenAt), expiresAt: Number(r.expiresAt) }));
    },
    /** A live session with its owner's account (for the audit row). */
    async find(id: number, alive: Liveness): Promise<{ id: number; userRef: number; account: string; deviceName: string | null; ip: string } | undefined> {
      return live(alive).innerJoin('users', 'users.id', 'sessions.user_ref')
        .select(['sessions.id as id', 'sessions.user_ref as userRef', 'users.user_id as account', 'sessions.device_name as deviceName', 'sessions.ip as ip'])
        .where('sessions.id', '=', id).executeTakeFirst();
    },
    /** Deletes one session; whether it was still there (a racing end or sign-out may have taken it). */
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    /** Deletes every session of a user but the one kept; how many there were. */
    async deleteAllOf(userRef: number, keepSessionId: number | null): Promise<number> {
      let q = db.deleteFrom('sessions').where('user_ref', '=', userRef);
      if (keepSessionId !== null) q = q.where('id', '!=', keepSessionId);
      return Number((await q.executeTakeFirst()).numDeletedRows);
    },
    /** Live sessions of the whole organisation (the range on expires_at is indexed). */
    async countLive(alive: Liveness): Promise<number> {
      const row = await live(alive).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
