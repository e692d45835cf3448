import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { DUTY_ROLES, dutyOfRole, type AdminDuty } from '../../contract/duties.js';

const DUTY_ROLE_CODES = Object.values(DUTY_ROLES);

export interface AdministratorRow {
  id: number;
  account: string;
  name: string;
  enabled: boolean;
  duty: AdminDuty;
  deptId: number | null;
  deptName: string | null;
}

/** Who holds which administrator duty: the portal-role rows that carry an admin slot. */
export function administratorsRepo(db: Kysely<Database>) {
  return {
    async list(): Promise<AdministratorRow[]> {
      const rows = await db.selectFrom('user_portal_roles')
        .innerJoin('portal_roles', 'portal_roles.id', 'user_portal_roles.role_ref')
        .innerJoin('users', 'users.id', 'user_portal_roles.user_ref')
        .leftJoin('departments', 'departments.id', 'user_portal_roles.dept_ref')
        .select(['users.id', 'users.user_id', 'users.user_name', 'users.enabled', 'portal_roles.code', 'user_portal_roles.dept_ref', 'departments.name as dept_name'])
        .where('portal_roles.code', 'in', DUTY_ROLE_CODES)
        .orderBy('portal_roles.id').orderBy('users.user_id')
        .execute();
      return rows.map((r) => ({
        id: r.id, account: r.user_id, name: r.user_name, enabled: r.enabled === 1, duty: dutyOfRole(r.code)!, deptId: r.dept_ref, deptName: r.dept_name,
      }));
    },
    /** The role carrying a duty, made if this store has none yet (a production store starts empty). */
    async dutyRole(duty: AdminDuty, name: string): Promise<number> {
      const code = DUTY_ROLES[duty];
      await db.insertInto('portal_roles').values({ code, name }).onConflict((oc) => oc.column('code').doNothing()).execute();
      return (await db.selectFrom('portal_roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    },
    /** Grants a duty; the unique admin slot refuses a second one (isUniqueViolation), whatever races. */
    async grant(userRef: number, roleRef: number, deptRef: number | null): Promise<void> {
      await db.insertInto('user_portal_roles').values({ user_ref: userRef, role_ref: roleRef, admin_slot: 1, dept_ref: deptRef }).execute();
    },
    /**
     * Removes a person's duty; when `keepOne`, only if another person still holds it. The no-op
     * write on the duty's role row comes first: concurrent removals of the same duty queue on it
     * (PostgreSQL's row lock, SQLite's write lock), so two cannot each see the other as the one left.
     */
    async revoke(userRef: number, roleRef: number, keepOne: boolean): Promise<'removed' | 'last' | 'none'> {
      await sql`update portal_roles set name = name where id = ${roleRef}`.execute(db);
      let query = db.deleteFrom('user_portal_roles').where('user_ref', '=', userRef).where('role_ref', '=', roleRef).where('admin_slot', '=', 1);
      if (keepOne) {
        query = query.where((eb) => eb.exists(eb.selectFrom('user_portal_roles as other').select('other.user_ref')
          .where('other.role_ref', '=', roleRef).where('other.user_ref', '!=', userRef)));
      }
      const result = await query.executeTakeFirst();
      if (Number(result.numDeletedRows) === 1) return 'removed';
      const held = await db.selectFrom('user_portal_roles').select('user_ref').where('user_ref', '=', userRef).where('role_ref', '=', roleRef).executeTakeFirst();
      return held ? 'last' : 'none';
    },
  };
}

export type AdministratorsRepo = ReturnType<typeof administratorsRepo>;
