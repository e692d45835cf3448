import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

/** A role in the portal itself (EMPLOYEE, SYS_ADMIN…), as opposed to an application's roles. */
export interface PortalRole {
  id: number;
  code: string;
  name: string;
}

export function portalRolesRepo(db: Kysely<Database>) {
  return {
    listByUser(userRef: number): Promise<PortalRole[]> {
      return db
        .selectFrom('user_portal_roles')
        .innerJoin('portal_roles', 'portal_roles.id', 'user_portal_roles.role_ref')
        .select(['portal_roles.id', 'portal_roles.code', 'portal_roles.name'])
        .where('user_portal_roles.user_ref', '=', userRef)
        .orderBy('portal_roles.id')
        .execute();
    },
    findByCode(code: string): Promise<PortalRole | undefined> {
      return db.selectFrom('portal_roles').select(['id', 'code', 'name']).where('code', '=', code).executeTakeFirst();
    },
    async grant(userRef: number, roleRef: number): Promise<void> {
      await db.insertInto('user_portal_roles').values({ user_ref: userRef, role_ref: roleRef }).execute();
    },
  };
}
