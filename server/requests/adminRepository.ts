import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ListSort } from '../../contract/schemas/sort.js';
import { ADMIN_SORTABLE } from '../../contract/schemas/admin/sortable.js';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import type { PermissionRequest } from './repository.js';
import { isSqlite, mapPage, page } from '../platform/db/paging.js';
import { personMatches } from '../organisation/personSearch.js';

export interface RequestFilters {
  status?: number;
  appRef?: number;
  /** The applicant's account, or its beginning. */
  applicant?: string;
  from?: number;
  to?: number;
  sort?: ListSort<(typeof ADMIN_SORTABLE.requests)[number]>;
  /** Only requests whose applicant is placed in these departments (a department administrator's subtree). */
  deptRefs?: number[];
}
const REQUEST_SORT = { applyDate: 'r.apply_date', status: 'r.status' } as const;

/** Workbench queries: every permission request of the organisation. */
export function adminRequestsRepo(db: Kysely<Database>) {
  const sqlite = isSqlite(db);
  return {
    /** Newest first; the filters stay on apply_requests' own columns (and indexes), names join the page only. */
    /** Where each request's applicant is placed, by request id (ids nobody has are left out). */
    async applicantDepts(ids: number[]): Promise<Map<number, number | null>> {
      if (!ids.length) return new Map();
      const rows = await db.selectFrom('apply_requests as r').innerJoin('users as u', 'u.id', 'r.apply_user_ref')
        .select(['r.id', 'u.dept_ref']).where('r.id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.dept_ref]));
    },
    async page(filters: RequestFilters, pageNum: number, pageSize: number): Promise<PageResult<PermissionRequest>> {
      const column = REQUEST_SORT[filters.sort?.field ?? 'applyDate'];
      const order = filters.sort?.order ?? 'desc';
      let base = db.selectFrom('apply_requests as r');
      if (filters.status !== undefined) base = base.where('r.status', '=', filters.status);
      if (filters.appRef !== undefined) base = base.where('r.app_ref', '=', filters.appRef);
      if (filters.applicant) base = base.where('r.apply_user_ref', 'in', db.selectFrom('users').select('users.id').where(personMatches(filters.applicant, sqlite)));
      if (filters.deptRefs) {
        base = filters.deptRefs.length ? base.where('r.apply_user_ref', 'in', db.selectFrom('users').select('users.id').where('users.dept_ref', 'in', filters.deptRefs))
          : base.where(sql<SqlBool>`1 = 0`);
      }
      if (filters.from !== undefined) base = base.where('r.apply_date', '>=', filters.from);
      if (filters.to !== undefined) base = base.where('r.apply_date', '<=', filters.to);
      const result = await page(db, base, (q) => q
        .innerJoin('apps as a', 'a.id', 'r.app_ref').innerJoin('users as u', 'u.id', 'r.apply_user_ref').leftJoin('users as v', 'v.id', 'r.approval_user_ref')
        .select([
          'r.id', 'r.apply_user_ref', 'u.user_id as apply_user_id', 'u.user_name as apply_user_name', 'r.app_ref', 'a.app_id', 'a.app_name', 'r.role_ids', 'r.role_names',
          'r.status', 'r.apply_reason', 'r.apply_date', 'v.user_id as approval_user_id', 'v.user_name as approval_user_name', 'r.approval_suggestion', 'r.approval_date',
        ])
        .orderBy(column, order).orderBy('r.apply_date', 'desc').orderBy('r.id', order), pageNum, pageSize);
      return mapPage(result, (r) => ({
        id: r.id, applicantRef: r.apply_user_ref, applicantAccount: r.apply_user_id, applicantName: r.apply_user_name, appRef: r.app_ref, appId: r.app_id,
        appName: r.app_name, roleIds: JSON.parse(r.role_ids) as number[], roleNames: r.role_names, status: r.status, applyReason: r.apply_reason,
        applyDate: r.apply_date, approverAccount: r.approval_user_id, approverName: r.approval_user_name, approvalSuggestion: r.approval_suggestion,
        approvalDate: r.approval_date,
      }));
    },
  };
}
