import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { DeptKind } from '../../contract/enums.js';
import { COMPANY, DEPARTMENTS } from './data.js';

/**
 * The demo company and its departments (every department a demo user names in `dept_name`),
 * and each demo user placed in theirs, so the workbench's tree and the personal centre agree.
 * Runs inside the demo seed's transaction, after the users exist.
 */
export async function seedDemoDepartments(db: Kysely<Database>, now: number): Promise<void> {
  const company = await db.insertInto('departments').values({ parent_ref: null, name: COMPANY, kind: DeptKind.COMPANY, sort_order: 0, created_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const named = await db.selectFrom('users').select('dept_name').distinct().where('dept_name', 'is not', null).execute();
  const names = [...new Set([...DEPARTMENTS, ...named.map((r) => r.dept_name as string)])];
  for (const [order, name] of names.entries()) {
    const dept = await db.insertInto('departments').values({ parent_ref: company.id, name, kind: DeptKind.DEPARTMENT, sort_order: order, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ dept_ref: dept.id, company_name: COMPANY }).where('dept_name', '=', name).execute();
  }
}
