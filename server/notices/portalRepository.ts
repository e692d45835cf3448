import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

export interface PublishedItem {
  id: number;
  title: string;
  publishedAt: number;
  read: boolean;
}

export interface PublishedNotice {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  publishedAt: number;
}

/** The portal's side of the notices: what is published, and what each person has opened. */
export function portalNoticesRepo(db: Kysely<Database>) {
  return {
    /** Published items of one kind, newest first (the published-at index orders them), each with the reader's read state. */
    async published(kind: string, limit: number, userRef: number): Promise<PublishedItem[]> {
      const rows = await db.selectFrom('notices as n')
        .leftJoin('notice_reads as r', (join) => join.onRef('r.notice_ref', '=', 'n.id').on('r.user_ref', '=', userRef))
        .select(['n.id', 'n.title', 'n.published_at', 'r.read_at'])
        .where('n.kind', '=', kind).where('n.published_at', 'is not', null)
        .orderBy('n.published_at', 'desc').orderBy('n.id', 'desc').limit(limit)
        .execute();
      return rows.flatMap((r) => (r.published_at === null ? [] : [{ id: r.id, title: r.title, publishedAt: r.published_at, read: r.read_at !== null }]));
    },
    async findPublished(id: number): Promise<PublishedNotice | undefined> {
      const row = await db.selectFrom('notices').select(['id', 'kind', 'title', 'body', 'link', 'published_at'])
        .where('id', '=', id).where('published_at', 'is not', null).executeTakeFirst();
      return row && row.published_at !== null ? { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, publishedAt: row.published_at } : undefined;
    },
    /** The first opening counts; opening again (another tab, a retry) changes nothing. */
    async markRead(userRef: number, noticeRef: number, now: number): Promise<void> {
      await db.insertInto('notice_reads').values({ user_ref: userRef, notice_ref: noticeRef, read_at: now })
        .onConflict((oc) => oc.columns(['user_ref', 'notice_ref']).doNothing()).execute();
    },
  };
}
