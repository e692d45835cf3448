import { sql, type Kysely } from 'kysely';
import { ApplyStatus } from '../../contract/enums.js';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { contains, mapPage } from '../platform/db/paging.js';
import { reusablePage } from '../platform/db/reusablePage.js';

/** A permission request with the names of its application, applicant and approver. */
export interface PermissionRequest {
  id: number;
  applicantRef: number;
  applicantAccount: string;
  applicantName: string;
  appRef: number;
  appId: string;
  appName: string;
  roleIds: number[];
  /** The role names as they were when the request was made, comma-separated. */
  roleNames: string;
  status: number;
  applyReason: string;
  applyDate: number;
  approverAccount: string | null;
  approverName: string | null;
  approvalSuggestion: string | null;
  approvalDate: number | null;
}

/** A request as its lists show it: what it asks for by name, not the references deciding it needs. */
export type ListedRequest = Omit<PermissionRequest, 'applicantRef' | 'appRef' | 'roleIds'>;

/** What deciding a request needs to know of it. */
export type RequestState = Pick<PermissionRequest, 'id' | 'applicantRef' | 'appRef' | 'roleIds' | 'status'>;

export type NewRequest = Pick<PermissionRequest, 'applicantRef' | 'appRef' | 'roleIds' | 'roleNames' | 'applyReason' | 'applyDate'>;

/** A chosen order of a request list: a column of the contract's allow-list and a direction. */
export interface RequestOrder {
  field?: 'applyDate' | 'status';
  order?: 'asc' | 'desc';
}

/** Role ids are stored as the JSON of the array (the service keeps them sorted and unique). */
const encodeRoleIds = (roleIds: number[]) => JSON.stringify(roleIds);
const decodeRoleIds = (json: string) => JSON.parse(json) as number[];

export function requestsRepo(db: Kysely<Database>) {
  const withNames = () =>
    db.selectFrom('apply_requests as r')
      .innerJoin('apps as a', 'a.id', 'r.app_ref')
      .innerJoin('users as u', 'u.id', 'r.apply_user_ref')
      .leftJoin('users as v', 'v.id', 'r.approval_user_ref');
  // Display joins are added to the page only; counting stays on apply_requests' own indexes.
  const named = <Q extends ReturnType<typeof requestsOnly>>(q: Q) =>
    q.innerJoin('apps as a', 'a.id', 'r.app_ref').innerJoin('users as u', 'u.id', 'r.apply_user_ref').leftJoin('users as v', 'v.id', 'r.approval_user_ref');
  const requestsOnly = () => db.selectFrom('apply_requests as r');

  // A page reads only what its rows show: every value read costs the driver an allocation.
  const listColumns = [
    'r.id', 'a.app_id', 'a.app_name', 'r.role_names', 'r.status', 'r.apply_date', 'u.user_id as apply_user_id', 'u.user_name as apply_user_name',
    'r.apply_reason', 'v.user_id as approval_user_id', 'v.user_name as approval_user_name', 'r.approval_suggestion', 'r.approval_date',
  ] as const;
  const columns = [...listColumns, 'r.apply_user_ref', 'r.app_ref', 'r.role_ids'] as const;

  const like = (column: string, pattern: unknown) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape ${'\\'}`;

  // The two lists, each one statement built once per shape (reusablePage.ts). Both orders of
  // the applicant's list follow an index (applicant, date / status, date), as does the queue's
  // (status, date, id); the id breaks ties.
  const applicantPage = reusablePage(db, 'id', (v: { userRef: number; status: number | null }, shape) => {
    let filtered = requestsOnly().where('r.apply_user_ref', '=', v.userRef);
    if (v.status != null) filtered = filtered.where('r.status', '=', v.status);
    const rows = named(filtered).select(listColumns);
    const [field, dir] = shape.split(':') as ['status' | 'date', 'asc' | 'desc'];
    return field === 'status'
      ? { filtered, rows: rows.orderBy('r.status', dir).orderBy('r.apply_date', 'desc').orderBy('r.id', 'desc'), order: `p.status ${dir}, p.apply_date desc, p.id desc` }
      : { filtered, rows: rows.orderBy('r.apply_date', dir).orderBy('r.id', dir), order: `p.apply_date ${dir}, p.id ${dir}` };
  });
  const approverPage = reusablePage(db, 'id', (v: { userRef: number; applicantLike: string | null; appLike: string | null }, shape) => {
    let filtered = requestsOnly()
      .where('r.status', '=', ApplyStatus.PENDING)
      .where('r.app_ref', 'in', db.selectFrom('app_approvers').select('app_ref').where('user_ref', '=', v.userRef));
    if (v.applicantLike != null) filtered = filtered.where('r.apply_user_ref', 'in', db.selectFrom('users').select('id').where(like('user_id', v.applicantLike)));
    if (v.appLike != null) filtered = filtered.where('r.app_ref', 'in', db.selectFrom('apps').select('id').where(like('app_name', v.appLike)));
    const dir = shape === 'desc' ? 'desc' : 'asc';
    // Unfiltered, the queue's total is the sum of its applications' pending counts (migration 0010).
    const total = v.applicantLike == null && v.appLike == null
      ? db.selectFrom('app_approvers as aa').innerJoin('pending_request_counts as c', 'c.app_ref', 'aa.app_ref')
        .where('aa.user_ref', '=', v.userRef).select(sql<number>`coalesce(sum(c.pending), 0)`.as('total'))
      : undefined;
    return { filtered, total, rows: named(filtered).select(listColumns).orderBy('r.apply_date', dir).orderBy('r.id', dir), order: `p.apply_date ${dir}, p.id ${dir}` };
  // Not the joined form: with it the bench's queue fell from 481 to 401 requests/s on PostgreSQL
  // (its plan cost more than a round trip). Unfiltered, the kept total rides on the page's rows.
  }, { countApart: true });

  const findRow = (id: number) => withNames().select(columns).where('r.id', '=', id).executeTakeFirst();
  type Row = NonNullable<Awaited<ReturnType<typeof findRow>>>;

  const toListed = (r: Omit<Row, 'apply_user_ref' | 'app_ref' | 'role_ids'>): ListedRequest => ({
    id: r.id,
    applicantAccount: r.apply_user_id,
    applicantName: r.apply_user_name,
    appId: r.app_id,
    appName: r.app_name,
    roleNames: r.role_names,
    status: r.status,
    applyReason: r.apply_reason,
    applyDate: r.apply_date,
    approverAccount: r.approval_user_id,
    approverName: r.approval_user_name,
    approvalSuggestion: r.approval_suggestion,
    approvalDate: r.approval_date,
  });
  const toRequest = (r: Row): PermissionRequest => ({ ...toListed(r), applicantRef: r.apply_user_ref, appRef: r.app_ref, roleIds: decodeRoleIds(r.role_ids) });

  return {
    async pageByApplicant(userRef: number, status: number | null, pageNum: number, pageSize: number, sort: RequestOrder = {}): Promise<PageResult<ListedRequest>> {
      const dir = sort.order === 'asc' ? 'asc' : 'desc';
      const shape = `${sort.field === 'status' ? 'status' : 'date'}:${dir}`;
      return mapPage(await applicantPage({ userRef, status }, pageNum, pageSize, shape), toListed);
    },
    /** Pending requests for the apps this user approves. */
    async pagePendingForApprover(userRef: number, filters: { applyUserId?: string; appName?: string }, pageNum: number, pageSize: number, sort: RequestOrder = {}): Promise<PageResult<ListedRequest>> {
      const values = { userRef, applicantLike: filters.applyUserId ? contains(filters.applyUserId) : null, appLike: filters.appName ? contains(filters.appName) : null };
      return mapPage(await approverPage(values, pageNum, pageSize, sort.order === 'desc' ? 'desc' : 'asc'), toListed);
    },
    async find(id: number): Promise<PermissionRequest | undefined> {
      const row = await findRow(id);
      return row && toRequest(row);
    },
    async findMany(ids: number[]): Promise<RequestState[]> {
      const rows = await db.selectFrom('apply_requests').select(['id', 'apply_user_ref', 'app_ref', 'role_ids', 'status']).where('id', 'in', ids).execute();
      return rows.map((r) => ({ id: r.id, applicantRef: r.apply_user_ref, appRef: r.app_ref, roleIds: decodeRoleIds(r.role_ids), status: r.status }));
    },
    async hasPendingDuplicate(userRef: number, appRef: number, roleIds: number[]): Promise<boolean> {
      const row = await db.selectFrom('apply_requests').select('id')
        .where('apply_user_ref', '=', userRef).where('app_ref', '=', appRef).where('status', '=', ApplyStatus.PENDING).where('role_ids', '=', encodeRoleIds(roleIds))
        .executeTakeFirst();
      return !!row;
    },
    /** Files a pending request; null when the same one is already pending (the unique index of 0009 decides, so racing twins cannot both get in). */
    async insert(request: NewRequest): Promise<number | null> {
      const created = await db.insertInto('apply_requests').values({
        apply_user_ref: request.applicantRef, app_ref: request.appRef, role_ids: encodeRoleIds(request.roleIds), role_names: request.roleNames,
        apply_reason: request.applyReason, apply_date: request.applyDate, status: ApplyStatus.PENDING,
      }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      return created?.id ?? null;
    },
    /** Deletes a request only while it is the applicant's and still pending. */
    async cancel(id: number, userRef: number): Promise<boolean> {
      const result = await db.deleteFrom('apply_requests').where('id', '=', id).where('apply_user_ref', '=', userRef).where('status', '=', ApplyStatus.PENDING).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async isApprover(userRef: number, appRefs: number[]): Promise<boolean> {
      const unique = [...new Set(appRefs)];
      const rows = await db.selectFrom('app_approvers').select('app_ref').where('user_ref', '=', userRef).where('app_ref', 'in', unique).execute();
      return rows.length === unique.length;
    },
    /**
     * Decides the given requests if, and only if, every one is still pending: the conditional
     * update is the lock, so of two racing approvers exactly one changes the rows.
     */
    async decide(ids: number[], status: number, approverRef: number, suggestion: string, now: number): Promise<number> {
      const result = await db.updateTable('apply_requests')
        .set({ status, approval_user_ref: approverRef, approval_suggestion: suggestion, approval_date: now })
        .where('id', 'in', ids).where('status', '=', ApplyStatus.PENDING)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async countPendingOf(appRef: number): Promise<number> {
      const row = await db.selectFrom('apply_requests').select(sql<number>`count(*)`.as('n')).where('app_ref', '=', appRef).where('status', '=', ApplyStatus.PENDING).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
