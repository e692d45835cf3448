import type { Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { page } from '../platform/db/paging.js';

export interface PendingRegistrationRow {
  id: number;
  userId: string;
  userName: string;
  mobileNo: string | null;
  email: string | null;
  companyName: string | null;
  createdAt: number;
}

/** Self-registered accounts waiting for an administrator; each decision is one conditional statement, so two administrators cannot both decide one. */
export function adminRegistrationsRepo(db: Kysely<Database>) {
  const waiting = () => db.selectFrom('users').where('registration_pending', '=', 1);
  return {
    async pending(pageNum: number, pageSize: number): Promise<PageResult<PendingRegistrationRow>> {
      const found = await page(db, waiting(), (q) => q.select([
        'id', 'user_id as userId', 'user_name as userName', 'mobile_no as mobileNo', 'email', 'company_name as companyName', 'created_at as createdAt',
      ]).orderBy('created_at').orderBy('id'), pageNum, pageSize);
      return { ...found, datas: found.datas.map((r) => ({ ...r, createdAt: Number(r.createdAt) })) };
    },
    async find(id: number): Promise<PendingRegistrationRow | undefined> {
      return waiting().where('id', '=', id)
        .select(['id', 'user_id as userId', 'user_name as userName', 'mobile_no as mobileNo', 'email', 'company_name as companyName', 'created_at as createdAt'])
        .executeTakeFirst();
    },
    /** Whether it was still waiting (and now is not). */
    async approve(id: number, now: number): Promise<boolean> {
      const result = await db.updateTable('users').set({ registration_pending: 0, updated_at: now }).where('id', '=', id).where('registration_pending', '=', 1).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Deletes the waiting account (it holds nothing yet but its role and its own log rows). */
    async reject(id: number): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).where('registration_pending', '=', 1).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
