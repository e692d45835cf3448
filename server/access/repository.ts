import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { DUTY_ROLES, dutyOfRole, type AdminDuty } from '../../contract/duties.js';

const DUTY_ROLE_CODES = Object.values(DUTY_ROLES);

/** An administrator's duty, and for a department administrator the subtree they reach. */
export interface HeldDuty {
  duty: AdminDuty;
  deptRef: number | null;
}

/** Whether a user holds a role at all: an administrator duty, owner of an application, approver, manager. */
export function accessRepo(db: Kysely<Database>) {
  return {
    async approvesAny(userRef: number): Promise<boolean> {
      return !!(await db.selectFrom('app_approvers').select('app_ref').where('user_ref', '=', userRef).limit(1).executeTakeFirst());
    },
    async managesAny(userRef: number): Promise<boolean> {
      const group = await db.selectFrom('mail_groups').select('id').where('manager_user_ref', '=', userRef).limit(1).executeTakeFirst();
      if (group) return true;
      return !!(await db.selectFrom('users').select('id').where('mailbox_manager_ref', '=', userRef).limit(1).executeTakeFirst());
    },
    async ownsAnyApp(userRef: number): Promise<boolean> {
      return !!(await db.selectFrom('app_owners').select('app_ref').where('user_ref', '=', userRef).limit(1).executeTakeFirst());
    },
    async ownsApp(userRef: number, appRef: number): Promise<boolean> {
      return !!(await db.selectFrom('app_owners').select('app_ref').where('user_ref', '=', userRef).where('app_ref', '=', appRef).executeTakeFirst());
    },
    /** The applications a person owns (ids). */
    async ownedApps(userRef: number): Promise<number[]> {
      return (await db.selectFrom('app_owners').select('app_ref').where('user_ref', '=', userRef).execute()).map((r) => r.app_ref);
    },
    /** The person's duty (the unique admin_slot row), if they hold one. */
    async dutyOf(userRef: number): Promise<HeldDuty | null> {
      const row = await db.selectFrom('user_portal_roles').innerJoin('portal_roles', 'portal_roles.id', 'user_portal_roles.role_ref')
        .select(['portal_roles.code', 'user_portal_roles.dept_ref'])
        .where('user_portal_roles.user_ref', '=', userRef).where('portal_roles.code', 'in', DUTY_ROLE_CODES)
        .executeTakeFirst();
      const duty = row ? dutyOfRole(row.code) : undefined;
      return duty ? { duty, deptRef: row!.dept_ref } : null;
    },
  };
}
