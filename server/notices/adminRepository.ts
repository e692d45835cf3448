import type { Kysely } from 'kysely';
import type { ListSort } from '../../contract/schemas/sort.js';
import { ADMIN_SORTABLE } from '../../contract/schemas/admin/sortable.js';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { ilike, page } from '../platform/db/paging.js';

export interface NoticeRecord {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  publishedAt: number | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface NoticeContent {
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

export interface NoticeListFilters {
  kind?: string;
  published?: boolean;
  keyword?: string;
  sort?: ListSort<(typeof ADMIN_SORTABLE.notices)[number]>;
}
const NOTICE_SORT = { title: 'n.title', kind: 'n.kind', updatedAt: 'n.updated_at', createdAt: 'n.created_at' } as const;

/** Workbench queries: the home page's notices and news, drafts included. */
export function adminNoticesRepo(db: Kysely<Database>) {
  const withAuthor = () => db.selectFrom('notices as n').leftJoin('users as u', 'u.id', 'n.created_by')
    .select(['n.id', 'n.kind', 'n.title', 'n.body', 'n.link', 'n.published_at as publishedAt', 'u.user_id as createdBy', 'n.created_at as createdAt', 'n.updated_at as updatedAt']);

  return {
    page(filters: NoticeListFilters, pageNum: number, pageSize: number): Promise<PageResult<NoticeRecord>> {
      const column = NOTICE_SORT[filters.sort?.field ?? 'createdAt'];
      const order = filters.sort?.order ?? 'desc';
      let base = db.selectFrom('notices as n');
      if (filters.kind) base = base.where('n.kind', '=', filters.kind);
      if (filters.published !== undefined) base = base.where('n.published_at', filters.published ? 'is not' : 'is', null);
      if (filters.keyword) base = base.where(ilike('n.title', filters.keyword));
      return page(db, base, (q) => q.leftJoin('users as u', 'u.id', 'n.created_by')
        .select(['n.id', 'n.kind', 'n.title', 'n.body', 'n.link', 'n.published_at as publishedAt', 'u.user_id as createdBy', 'n.created_at as createdAt', 'n.updated_at as updatedAt'])
        .orderBy(column, order).orderBy('n.id', order), pageNum, pageSize);
    },
    find(id: number): Promise<NoticeRecord | undefined> {
      return withAuthor().where('n.id', '=', id).executeTakeFirst();
    },
    async insert(notice: NoticeContent & { createdBy: number; now: number }): Promise<number> {
      const row = await db.insertInto('notices').values({
        kind: notice.kind, title: notice.title, body: notice.body, link: notice.link, published_at: null, created_by: notice.createdBy,
        created_at: notice.now, updated_at: notice.now,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, patch: Partial<NoticeContent>, now: number): Promise<boolean> {
      const result = await db.updateTable('notices').set({ ...patch, updated_at: now }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Publishes only a draft, unpublishes only a published notice: of two racing clicks, one changes the row. */
    async setPublished(id: number, publishedAt: number | null, now: number): Promise<boolean> {
      const result = await db.updateTable('notices').set({ published_at: publishedAt, updated_at: now })
        .where('id', '=', id).where('published_at', publishedAt === null ? 'is not' : 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async delete(id: number): Promise<boolean> {
      return Number((await db.deleteFrom('notices').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1;
    },
  };
}
