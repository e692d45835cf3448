import type { AdminNotice } from '../../contract/schemas/admin/notices.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { CODE } from '../../contract/codes.js';
import type { NoticeKind } from '../../contract/enums.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import { mapPage } from '../platform/db/paging.js';
import type { NoticeListFilters, NoticeRecord } from './adminRepository.js';
import type { Repos } from '../composition/repositories.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminNoticesEndpoints } from '../../contract/endpoints/admin/notices.js';

const iso = (ms: number) => new Date(ms).toISOString();

function toNotice(n: NoticeRecord): AdminNotice {
  return {
    id: n.id, kind: n.kind as NoticeKind, title: n.title, body: n.body, link: n.link, published: n.publishedAt !== null,
    publishedAt: n.publishedAt === null ? null : iso(n.publishedAt), createdBy: n.createdBy, createdAt: iso(n.createdAt), updatedAt: iso(n.updatedAt),
  };
}

/** What the operation log keeps of a notice: everything but the body, which can be long (its length shows that it changed). */
const noticeView = (n: NoticeRecord) => ({ kind: n.kind, title: n.title, bodyLength: n.body.length, link: n.link, publishedAt: n.publishedAt === null ? null : iso(n.publishedAt) });

/**
 * Workbench: the home page's notices and news. A notice is a draft until published; /myApp shows
 * the published ones, newest first (audit/personalLogs.ts).
 */
export function adminNoticesService(ctx: ServiceContext, base: BaseServices) {
  const repo = ctx.repos.admin.notices;
  const target = (id: number) => `notice:${id}`;

  async function found(id: number): Promise<NoticeRecord> {
    const notice = await repo.find(id);
    if (!notice) throw notFound();
    return notice;
  }

  /** One change of a notice in a transaction with its log row (before and after); `write` answers false to refuse. */
  async function change(
    actor: AuthUser, id: number, scene: string, caller: Caller, write: (repos: Repos, now: number) => Promise<boolean>, refusal: () => AppError,
  ): Promise<null> {
    const before = await found(id);
    await ctx.transaction(async (repos) => {
      if (!(await write(repos, ctx.clock.now()))) throw refusal();
      const after = await repos.admin.notices.find(id);
      await base.audit.adminChange(actor.userRef, scene, target(id), { before: noticeView(before), after: after ? noticeView(after) : null }, caller, repos);
    });
    return null;
  }

  return {
    async list(filters: NoticeListFilters, pageNum: number, pageSize: number): Promise<PageResult<AdminNotice>> {
      return mapPage(await repo.page(filters, pageNum, pageSize), toNotice);
    },

    get: async (id: number): Promise<AdminNotice> => toNotice(await found(id)),

    async create(actor: AuthUser, body: InputOf<typeof adminNoticesEndpoints.create>, caller: Caller): Promise<{ id: number }> {
      const id = await ctx.transaction(async (repos) => {
        const created = await repos.admin.notices.insert({ kind: body.kind, title: body.title, body: body.body, link: body.link ?? null, createdBy: actor.userRef, now: ctx.clock.now() });
        const after = await repos.admin.notices.find(created);
        await base.audit.adminChange(actor.userRef, 'ADMIN_NOTICE_CREATE', target(created), { after: after && noticeView(after) }, caller, repos);
        return created;
      });
      return { id };
    },

    update(actor: AuthUser, body: InputOf<typeof adminNoticesEndpoints.update>, caller: Caller): Promise<null> {
      const { id, ...patch } = body;
      return change(actor, id, 'ADMIN_NOTICE_UPDATE', caller, (repos, now) => repos.admin.notices.update(id, patch, now), notFound);
    },
    /** Shown on the home page from now on, dated now. */
    publish: (actor: AuthUser, id: number, caller: Caller) =>
      change(actor, id, 'ADMIN_NOTICE_PUBLISH', caller, (repos, now) => repos.admin.notices.setPublished(id, now, now), () => new AppError(CODE.noticePublished)),
    unpublish: (actor: AuthUser, id: number, caller: Caller) =>
      change(actor, id, 'ADMIN_NOTICE_UNPUBLISH', caller, (repos, now) => repos.admin.notices.setPublished(id, null, now), () => new AppError(CODE.noticeNotPublished)),
    delete: (actor: AuthUser, id: number, caller: Caller) =>
      change(actor, id, 'ADMIN_NOTICE_DELETE', caller, (repos) => repos.admin.notices.delete(id), notFound),
  };
}

export type AdminNoticesService = ReturnType<typeof adminNoticesService>;
