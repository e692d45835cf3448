import type { PageResult } from '../../contract/schemas/common.js';
import type { ApplyRecord } from '../../contract/schemas/permissions.js';
import type { ApplyStatus } from '../../contract/enums.js';
import { notFound } from '../platform/lib/errors.js';
import { DAY } from '../platform/lib/clock.js';
import { mapPage } from '../platform/db/paging.js';
import type { RequestFilters } from './adminRepository.js';
import type { PermissionRequest } from './repository.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { administrator, type DecisionInput } from './service.js';
import { confineDepts, outsideScope, reaches, type PeopleScope } from '../administrators/scope.js';

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
 * requests/service.ts). A department administrator reaches only the requests of people placed in
 * their subtree: others, like ids nobody has, answer E60205.
 */
export function adminRequestsService(ctx: ServiceContext, base: Pick<BaseServices, 'requests'>) {
  /** Refuses (E60205) unless every request exists and its applicant is within the reach. */
  async function refuseOutside(scope: PeopleScope, ids: number[]): Promise<void> {
    if (scope.kind === 'all') return;
    const depts = await ctx.repos.admin.requests.applicantDepts(ids);
    if (ids.some((id) => !depts.has(id) || !reaches(scope, depts.get(id)!))) throw outsideScope();
  }

  return {
    async list(scope: PeopleScope, filters: Omit<RequestFilters, 'from' | 'to' | 'deptRefs'> & { from?: Moment; to?: Moment }, pageNum: number, pageSize: number): Promise<PageResult<ApplyRecord>> {
      const query: RequestFilters = { ...filters, from: toMs(filters.from), to: untilMs(filters.to), deptRefs: confineDepts(scope, undefined) };
      return mapPage(await ctx.repos.admin.requests.page(query, pageNum, pageSize), toRecord);
    },

    async get(scope: PeopleScope, id: number): Promise<ApplyRecord> {
      await refuseOutside(scope, [id]);
      const row = await ctx.repos.requests.find(id);
      if (!row) throw notFound();
      return toRecord(row);
    },

    /** The approvers' decision rule with the administrator as the decider (an override), on requests within reach. */
    async decide(scope: PeopleScope, user: AuthUser, ids: number[], decision: DecisionInput, caller: Caller): Promise<{ decided: number }> {
      await refuseOutside(scope, [...new Set(ids)]);
      return base.requests.decide(administrator(user), ids, decision, caller);
    },
  };
}
