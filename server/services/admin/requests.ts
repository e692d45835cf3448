import type { PageResult } from '../../../contract/schemas/common.js';
import type { ApplyRecord } from '../../../contract/schemas/permissions.js';
import { CODE } from '../../../contract/codes.js';
import { ApplyStatus, Decision } from '../../../contract/enums.js';
import { AppError, notFound } from '../../domain/errors.js';
import { DAY } from '../../lib/clock.js';
import { mapPage } from '../../repositories/paging.js';
import type { RequestFilters } from '../../repositories/admin/requests.js';
import type { PermissionRequest } from '../../repositories/requests.js';
import type { AuthUser, Caller, ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

const iso = (ms: number) => new Date(ms).toISOString();
type Moment = number | string | undefined;
const toMs = (t: Moment) => (t === undefined ? undefined : typeof t === 'number' ? t : Date.parse(t));
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A date alone as the upper bound means the whole of that day (UTC). */
const untilMs = (t: Moment) => (typeof t === 'string' && DATE_ONLY.test(t) ? Date.parse(t) + DAY - 1 : toMs(t));

function toRecord(r: PermissionRequest): ApplyRecord {
  return {
    id: r.id, appId: r.appId, appName: r.appName, roleName: r.roleNames, status: r.status as ApplyStatus, applyDate: iso(r.applyDate),
    applyUserId: r.applicantAccount, applyUserName: r.applicantName, applyReason: r.applyReason, approvalUserId: r.approverAccount,
    approvalUserName: r.approverName, approvalSuggestion: r.approvalSuggestion, approvalDate: r.approvalDate === null ? null : iso(r.approvalDate),
  };
}

/**
 * Workbench: every permission request, and an administrator's override. An override follows the
 * approvers' rules (services/requests.ts) except who may decide: all or none of the batch, only
 * while pending — the same conditional update, so an approver and an administrator racing on a
 * request decide it once — a pass grants the app and roles in the same transaction, and each
 * decision is logged as ADMIN_REQUEST_OVERRIDE.
 */
export function adminRequestsService(ctx: ServiceContext, base: BaseServices) {
  return {
    async list(filters: Omit<RequestFilters, 'from' | 'to'> & { from?: Moment; to?: Moment }, pageNum: number, pageSize: number): Promise<PageResult<ApplyRecord>> {
      const query: RequestFilters = { ...filters, from: toMs(filters.from), to: untilMs(filters.to) };
      return mapPage(await ctx.repos.admin.requests.page(query, pageNum, pageSize), toRecord);
    },

    async get(id: number): Promise<ApplyRecord> {
      const row = await ctx.repos.requests.find(id);
      if (!row) throw notFound();
      return toRecord(row);
    },

    async decide(actor: AuthUser, body: { status: number; approvalSuggestion: string; applyIdList: number[] }, caller: Caller): Promise<{ decided: number }> {
      const ids = [...new Set(body.applyIdList)];
      const rows = await ctx.repos.requests.findMany(ids);
      if (rows.length !== ids.length) throw notFound();
      const alreadyDecided = () => new AppError(CODE.alreadyDecided);
      if (rows.some((r) => r.status !== ApplyStatus.PENDING)) throw alreadyDecided();
      const now = ctx.clock.now();
      const pass = body.status === Decision.PASS;
      await ctx.transaction(async (repos) => {
        // Decided meanwhile by an approver (or another administrator): ours changes nothing.
        if ((await repos.requests.decide(ids, body.status, actor.userRef, body.approvalSuggestion, now)) !== ids.length) throw alreadyDecided();
        if (pass) {
          for (const r of rows) await repos.permissions.grant(r.applicantRef, r.appRef, r.roleIds, now);
        }
        for (const r of rows) {
          await base.audit.adminChange(actor.userRef, 'ADMIN_REQUEST_OVERRIDE', `request:${r.id}`, {
            before: { status: ApplyStatus.PENDING }, after: { status: body.status, approvalSuggestion: body.approvalSuggestion },
          }, caller, repos);
          await base.audit.operation(r.applicantRef, pass ? 'APPLY_PASSED' : 'APPLY_REJECTED', caller, `#${r.id}`, repos);
        }
      });
      return { decided: ids.length };
    },
  };
}
