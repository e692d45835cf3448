import type { Insertable, Kysely } from 'kysely';
import type { Store } from '../platform/db/connect.js';
import type { Database, LoginHistoryTable } from '../platform/db/schema.js';
import { DAY } from '../platform/lib/clock.js';
import { CODE } from '../../contract/codes.js';
import { ApplyStatus } from '../../contract/enums.js';

export interface BulkSize {
  users: number;
  logRows: number;
  /** Of the log rows, how many belong to the one account the benchmark reads (lisi). */
  logRowsForReader: number;
  pendingRequests: number;
  groupMembers: number;
}

async function chunked<T extends keyof Database>(db: Kysely<Database>, table: T, make: (i: number) => Insertable<Database[T]>, count: number, size: number): Promise<void> {
  for (let start = 0; start < count; start += size) {
    const rows: Insertable<Database[T]>[] = [];
    for (let i = start; i < Math.min(count, start + size); i++) rows.push(make(i));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await db.insertInto(table).values(rows as any).execute();
  }
}

/**
 * Benchmark data on top of the demo organisation: many employees, a million log rows (a large
 * share for one reader), a long approval queue for zhangsan and a big group he manages.
 */
export async function seedBulk(store: Store, now: number, size: BulkSize): Promise<void> {
  const { db } = store;
  const ref = async (account: string) => (await db.selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirstOrThrow()).id;
  const [lisi, zhangsan] = [await ref('lisi'), await ref('zhangsan')];
  const hash = (await db.selectFrom('users').select('password_hash').where('id', '=', lisi).executeTakeFirstOrThrow()).password_hash;

  await db.transaction().execute(async (tx) => {
    await chunked(tx, 'users', (i) => ({
      user_id: `bulk${String(i).padStart(6, '0')}`, user_name: `批量员工${i}`, user_type: 'STAFF', mobile_no: `15${String(i).padStart(9, '0')}`,
      phone_disabled: 0, enabled: 1, activated: 1, password_hash: hash, password_level: 'strong', must_change_password: 0, second_auth_required: 0,
      senior_leader: 0, dept_name: `部门${i % 50}`, company_name: '星河科技有限公司', created_at: now - 100 * DAY, updated_at: now,
    }), size.users, 500);
  });
  const firstBulk = (await db.selectFrom('users').select('id').where('user_id', '=', 'bulk000000').executeTakeFirstOrThrow()).id;

  const log = (i: number): Insertable<LoginHistoryTable> => {
    const reader = i < size.logRowsForReader;
    return {
      user_ref: reader ? lisi : firstBulk + (i % size.users), account: reader ? 'lisi' : 'bulk', opt_type: i % 3 === 0 ? 'ACCOUNT' : 'SSO',
      app_ref: null, app_name: i % 3 === 0 ? null : '企业邮箱', is_success: i % 17 === 0 ? 0 : 1, login_msg: i % 17 === 0 ? CODE.accountOrPasswordWrong : CODE.ok,
      ip: '10.1.2.3', device_id: 'bench', device_name: 'Chrome', created_at: now - (i % (60 * 24 * 60)) * 60_000,
    };
  };
  await db.transaction().execute((tx) => chunked(tx, 'login_history', log, size.logRows, 800));

  const apps = await db.selectFrom('app_approvers').select('app_ref').where('user_ref', '=', zhangsan).execute();
  // One pending request per applicant and application (a unique index holds it): past the
  // number of users, the next round of requests goes to the next application.
  await db.transaction().execute((tx) => chunked(tx, 'apply_requests', (i) => ({
    apply_user_ref: firstBulk + (i % size.users), app_ref: apps[(i + Math.floor(i / size.users)) % apps.length].app_ref, role_ids: '[]', role_names: '', apply_reason: `bulk request ${i}`,
    status: ApplyStatus.PENDING, apply_date: now - i * 1000, approval_user_ref: null, approval_suggestion: null, approval_date: null,
  }), size.pendingRequests, 500));

  const group = await db.selectFrom('mail_groups').select('id').where('group_code', '=', 'ML-RD-ALL').executeTakeFirstOrThrow();
  await db.transaction().execute((tx) => chunked(tx, 'group_members', (i) => ({ group_ref: group.id, user_ref: firstBulk + i, added_at: now - i * 1000 }), Math.min(size.groupMembers, size.users), 500));
}
