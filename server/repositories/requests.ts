import { sql, type Kysely } from 'kysely';
import { ApplyStatus } from '../../contract/enums.js';
import type { Database } from '../db/schema.js';
import { ilike, page } from './paging.js';

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

  const columns = [
    'r.id', 'a.app_id', 'a.app_name', 'r.role_names', 'r.status', 'r.apply_date', 'u.user_id as apply_user_id', 'u.user_name as apply_user_name',
    'r.apply_reason', 'v.user_id as approval_user_id', 'v.user_name as approval_user_name', 'r.approval_suggestion', 'r.approval_date',
    'r.apply_user_ref', 'r.app_ref', 'r.role_ids',
  ] as const;

  return {
    pageByApplicant(userRef: number, status: number | null, pageNum: number, pageSize: number) {
      let base = requestsOnly().where('r.apply_user_ref', '=', userRef);
      if (status !== null) base = base.where('r.status', '=', status);
      return page(db, base, (q) => named(q).select(columns).orderBy('r.apply_date', 'desc').orderBy('r.id', 'desc'), pageNum, pageSize);
    },
    /** Pending requests for the apps this user approves. */
    pagePendingForApprover(userRef: number, filters: { applyUserId?: string; appName?: string }, pageNum: number, pageSize: number) {
      let base = requestsOnly()
        .where('r.status', '=', ApplyStatus.PENDING)
        .where('r.app_ref', 'in', db.selectFrom('app_approvers').select('app_ref').where('user_ref', '=', userRef));
      if (filters.applyUserId) base = base.where('r.apply_user_ref', 'in', db.selectFrom('users').select('id').where(ilike('user_id', filters.applyUserId)));
      if (filters.appName) base = base.where('r.app_ref', 'in', db.selectFrom('apps').select('id').where(ilike('app_name', filters.appName)));
      return page(db, base, (q) => named(q).select(columns).orderBy('r.apply_date', 'asc').orderBy('r.id', 'asc'), pageNum, pageSize);
    },
    find(id: number) {
      return withNames().select(columns).where('r.id', '=', id).executeTakeFirst();
    },
    findMany(ids: number[]) {
      return db.selectFrom('apply_requests').select(['id', 'apply_user_ref', 'app_ref', 'role_ids', 'status']).where('id', 'in', ids).execute();
    },
    async hasPendingDuplicate(userRef: number, appRef: number, roleIds: string): Promise<boolean> {
      const row = await db.selectFrom('apply_requests').select('id')
        .where('apply_user_ref', '=', userRef).where('app_ref', '=', appRef).where('status', '=', ApplyStatus.PENDING).where('role_ids', '=', roleIds)
        .executeTakeFirst();
      return !!row;
    },
    async insert(row: { apply_user_ref: number; app_ref: number; role_ids: string; role_names: string; apply_reason: string; apply_date: number }): Promise<number> {
      const created = await db.insertInto('apply_requests').values({ ...row, status: ApplyStatus.PENDING }).returning('id').executeTakeFirstOrThrow();
      return created.id;
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
    async decide(tx: Kysely<Database>, ids: number[], status: number, approverRef: number, suggestion: string, now: number): Promise<number> {
      const result = await tx.updateTable('apply_requests')
        .set({ status, approval_user_ref: approverRef, approval_suggestion: suggestion, approval_date: now })
        .where('id', 'in', ids).where('status', '=', ApplyStatus.PENDING)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    countPendingOf: (appRef: number) =>
      db.selectFrom('apply_requests').select(sql<number>`count(*)`.as('n')).where('app_ref', '=', appRef).where('status', '=', ApplyStatus.PENDING).executeTakeFirstOrThrow(),
  };
}
