import type { AdminSession } from '../../contract/schemas/admin/sessions.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { CODE } from '../../contract/codes.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import { MINUTE } from '../platform/lib/clock.js';
import { mapPage } from '../platform/db/paging.js';
import { agentParts } from '../account/deviceName.js';
import type { Liveness, SessionOrder } from './adminRepository.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Workbench: the organisation's live sessions. Ending one deletes its row, so the token's next
 * call finds nothing and answers E00009 on every instance at once. An administrator's own current
 * session is ended by signing out (E40411 here), so nobody locks themselves out by a stray click.
 */
export function adminSessionsService(ctx: ServiceContext, base: BaseServices) {
  const repo = ctx.repos.admin.sessions;

  /** "Live" as the session check sees it: the idle timeout is the policy in force. */
  async function liveness(): Promise<Liveness> {
    const { idleMinutes } = (await base.settings.current()).sessions;
    const now = ctx.clock.now();
    return { now, seenSince: now - idleMinutes * MINUTE };
  }

  async function userRefOf(account: string): Promise<number | null> {
    return (await ctx.repos.users.findByAccount(account.trim()))?.id ?? null;
  }

  return {
    async list(admin: AuthUser, filters: { userId?: string; keyWord?: string }, sort: SessionOrder, pageNum: number, pageSize: number): Promise<PageResult<AdminSession>> {
      let userRef: number | undefined;
      if (filters.userId?.trim()) {
        const ref = await userRefOf(filters.userId);
        if (ref === null) return { datas: [], total: 0 };
        userRef = ref;
      }
      const result = await repo.page(await liveness(), { userRef, keyWord: filters.keyWord?.trim() || undefined }, sort, pageNum, pageSize);
      return mapPage(result, (s) => ({
        id: s.id, userId: s.account, userName: s.userName, deviceName: s.deviceName, ip: s.ip, userAgent: s.userAgent, ...agentParts(s.userAgent),
        createdDate: iso(s.createdAt), lastSeenDate: iso(s.lastSeenAt), expiresDate: iso(s.expiresAt), current: s.id === admin.sessionId,
      }));
    },

    async end(admin: AuthUser, id: number, caller: Caller): Promise<null> {
      if (id === admin.sessionId) throw new AppError(CODE.currentSession);
      const session = await repo.find(id, await liveness());
      if (!session) throw notFound();
      await ctx.transaction(async (repos) => {
        // Gone meanwhile (signed out, or ended by another administrator): nothing to record.
        if (!(await repos.admin.sessions.delete(id))) throw notFound();
        await base.audit.adminChange(admin.userRef, 'ADMIN_SESSION_END', `session:${id}`, {
          before: { userId: session.account, deviceName: session.deviceName, ip: session.ip }, after: null,
        }, caller, repos);
      });
      return null;
    },

    async endUser(admin: AuthUser, account: string, caller: Caller): Promise<{ ended: number }> {
      const userRef = await userRefOf(account);
      if (userRef === null) throw notFound();
      const keep = userRef === admin.userRef ? admin.sessionId : null;
      const ended = await ctx.transaction(async (repos) => {
        const count = await repos.admin.sessions.deleteAllOf(userRef, keep);
        await base.audit.adminChange(admin.userRef, 'ADMIN_SESSION_END_ALL', `user:${account.trim().toLowerCase()}`, { before: null, after: { sessionsEnded: count } }, caller, repos);
        return count;
      });
      return { ended };
    },
  };
}
