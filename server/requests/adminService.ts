import type { PageResult } from '../../contract/schemas/common.js';
import type { ApplyRecord } from '../../contract/schemas/permissions.js';
import type { ApplyStatus } from '../../contract/enums.js';
import { notFound } from '../platform/lib/errors.js';
import { DAY } from '../platform/lib/clock.js';
import { mapPage } from '../platform/db/paging.js';
import type { RequestFilters } from './adminRepository.js';
import type { PermissionRequest } from './repository.js';
import type { ServiceContext } from '../composition/context.js';

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
 * Workbench: every permission request. An administrator's override is the approvers' decision
 * rule with an administrator as the decider (`services.requests.decide(administrator(user), …)`,
 * requests/service.ts).
 */
export function adminRequestsService(ctx: ServiceContext) {
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
  };
}
