import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

/** Whether a user holds a role at all: approver of some application, manager of some group or mailbox. */
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
    roleCodes(userRef: number) {
      return db.selectFrom('user_portal_roles').innerJoin('portal_roles', 'portal_roles.id', 'user_portal_roles.role_ref')
        .select('portal_roles.code').where('user_portal_roles.user_ref', '=', userRef).execute();
    },
  };
}
