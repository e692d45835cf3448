import type { Insertable, Kysely } from 'kysely';
import { NoticeKind } from '../../contract/enums.js';
import type { Database, NoticesTable } from '../platform/db/schema.js';
import { defaultHomeContent, type StoredHomeContent } from '../policies/defaultConfig.js';
import { HOME_CONTENT_KEY } from '../audit/personalLogs.js';

const MARKER = 'seed.demo.notices';

/**
 * Puts the demo home page's notices and news into the notices table, published on their dates,
 * once per database (its own marker, so a demo database seeded before the table existed gets them
 * too, and notices an administrator deleted do not come back). Takes what /myApp used to show (the
 * stored home content), or the shipped sample.
 */
export async function seedDemoNotices(db: Kysely<Database>, now: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const claimed = await tx.insertInto('config').values({ key: MARKER, value: JSON.stringify({ at: now }) })
      .onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return;
    const stored = await tx.selectFrom('config').select('value').where('key', '=', HOME_CONTENT_KEY).executeTakeFirst();
    const content = stored ? (JSON.parse(stored.value) as StoredHomeContent) : defaultHomeContent;
    const lists: [NoticeKind, StoredHomeContent['notices']][] = [
      [NoticeKind.NOTICE, content.notices], [NoticeKind.RECOMMEND, content.news.recommend], [NoticeKind.NEWS, content.news.news],
      [NoticeKind.DYNAMIC, content.news.dynamic], [NoticeKind.RELEASE, content.news.release],
    ];
    const rows: Insertable<NoticesTable>[] = lists.flatMap(([kind, items]) => items.map((item) => {
      const published = Date.parse(item.date);
      const at = Number.isNaN(published) ? now : published;
      return { kind, title: item.title, body: item.title, link: null, published_at: at, created_by: null, created_at: at, updated_at: at };
    }));
    if (rows.length) await tx.insertInto('notices').values(rows).execute();
  });
}
