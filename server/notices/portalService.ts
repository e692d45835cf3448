import type { HomeContent, NoticeDetail } from '../../contract/schemas/account.js';
import { LIMITS } from '../../contract/rules.js';
import { NoticeKind } from '../../contract/enums.js';
import { notFound } from '../platform/lib/errors.js';
import type { AuthUser, ServiceContext } from '../composition/context.js';

const iso = (ms: number) => new Date(ms).toISOString();
/** "YYYY-MM-DD" of an ISO time: the date a home-page item shows. */
const DATE_LENGTH = 10;

/**
 * The home page's notices and news as a person reads them: published items only (drafts and
 * withdrawn ones are not theirs to see), each marked unread until that person opens it.
 */
export function portalNoticesService(ctx: ServiceContext) {
  const repo = ctx.repos.notices;

  return {
    /** The published notices and news, newest first, in the shape the home page reads. */
    async home(user: AuthUser): Promise<HomeContent> {
      const items = async (kind: NoticeKind) =>
        (await repo.published(kind, LIMITS.homeItemsMax, user.userRef))
          .map((n) => ({ id: String(n.id), title: n.title, date: iso(n.publishedAt).slice(0, DATE_LENGTH), unread: !n.read }));
      const [notices, recommend, news, dynamic, release] = await Promise.all(
        [NoticeKind.NOTICE, NoticeKind.RECOMMEND, NoticeKind.NEWS, NoticeKind.DYNAMIC, NoticeKind.RELEASE].map(items),
      );
      return { notices, news: { recommend, news, dynamic, release } };
    },

    /** A draft, a withdrawn or an unknown notice answers the same 404: nothing tells which drafts exist. */
    async open(user: AuthUser, id: number): Promise<NoticeDetail> {
      const notice = await repo.findPublished(id);
      if (!notice) throw notFound();
      await repo.markRead(user.userRef, notice.id, ctx.clock.now());
      return { id: notice.id, kind: notice.kind, title: notice.title, body: notice.body, link: notice.link, publishedAt: iso(notice.publishedAt) };
    },
  };
}

export type PortalNoticesService = ReturnType<typeof portalNoticesService>;
