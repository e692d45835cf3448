import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function portalRolesRepo(db: Kysely<Database>) {
  return {
    listByUser(userRef: number) {
      return db
        .selectFrom('user_portal_roles')
        .innerJoin('portal_roles', 'portal_roles.id', 'user_portal_roles.role_ref')
        .select(['portal_roles.id', 'portal_roles.code', 'portal_roles.name'])
        .where('user_portal_roles.user_ref', '=', userRef)
        .orderBy('portal_roles.id')
        .execute();
    },
  };
}
