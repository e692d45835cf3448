import type { Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { ilike, page } from '../platform/db/paging.js';
import type { App } from '../apps/repository.js';

/** An application as the apply dialog offers it. */
export type AppOptionInfo = Pick<App, 'id' | 'appId' | 'appName' | 'icon' | 'clientId' | 'idpSsoUrl' | 'permSystem'>;

/** A role of an application, in one of its permission groups. */
export interface AppRole {
  id: number;
  name: string;
  code: string;
  groupRef: number;
}

export interface PermissionGroup {
  id: number;
  appRef: number;
}

/** One application the user holds, with the role names held in its permission group. */
export interface HeldPermission {
  appId: string;
  appName: string;
  groupId: number | null;
  roleNameList: string[];
}

/** Applications, their permission groups and roles, and what users hold of them. */
export function permissionsRepo(db: Kysely<Database>) {
  return {
    async appsByName(name: string): Promise<AppOptionInfo[]> {
      let q = db.selectFrom('apps').select(['id', 'app_id', 'app_name', 'icon', 'client_id', 'idp_sso_url', 'perm_system']).where('enabled', '=', 1);
      if (name) q = q.where(ilike('app_name', name));
      const rows = await q.orderBy('sort_order').orderBy('id').limit(50).execute();
      return rows.map((a) => ({ id: a.id, appId: a.app_id, appName: a.app_name, icon: a.icon, clientId: a.client_id, idpSsoUrl: a.idp_sso_url, permSystem: a.perm_system === 1 }));
    },
    rolesOfApp(appRef: number, roleName?: string): Promise<AppRole[]> {
      let q = db.selectFrom('app_roles').innerJoin('perm_groups', 'perm_groups.id', 'app_roles.group_ref')
        .select(['app_roles.id', 'app_roles.name', 'app_roles.code', 'app_roles.group_ref as groupRef'])
        .where('perm_groups.app_ref', '=', appRef);
      if (roleName) q = q.where(ilike('app_roles.name', roleName));
      return q.orderBy('app_roles.id').execute();
    },
    /** Of these applications, the ones the user holds sign-in permission for. */
    async heldApps(userRef: number, appRefs: number[]): Promise<Set<number>> {
      if (!appRefs.length) return new Set();
      const rows = await db.selectFrom('user_apps').select('app_ref').where('user_ref', '=', userRef).where('app_ref', 'in', appRefs).execute();
      return new Set(rows.map((r) => r.app_ref));
    },
    /** Of these applications, the ones with at least one role. */
    async appsWithRoles(appRefs: number[]): Promise<Set<number>> {
      if (!appRefs.length) return new Set();
      const rows = await db.selectFrom('perm_groups').select('app_ref').where('app_ref', 'in', appRefs)
        .where((eb) => eb.exists(eb.selectFrom('app_roles').select('app_roles.id').whereRef('app_roles.group_ref', '=', 'perm_groups.id'))).execute();
      return new Set(rows.map((r) => r.app_ref));
    },
    /** Of these roles, the ones the user holds. */
    async heldRoles(userRef: number, roleIds: number[]): Promise<Set<number>> {
      if (!roleIds.length) return new Set();
      const rows = await db.selectFrom('user_roles').select('role_ref').where('user_ref', '=', userRef).where('role_ref', 'in', roleIds).execute();
      return new Set(rows.map((r) => r.role_ref));
    },
    /** The user's application permissions with the role names held in each app's group. */
    async pageUserPermissions(userRef: number, pageNum: number, pageSize: number): Promise<PageResult<HeldPermission>> {
      const base = db.selectFrom('user_apps').innerJoin('apps', 'apps.id', 'user_apps.app_ref').where('user_apps.user_ref', '=', userRef);
      const result = await page(db, base, (q) => q.select(['apps.id', 'apps.app_id', 'apps.app_name']).orderBy('apps.sort_order').orderBy('apps.id'), pageNum, pageSize);
      const appRefs = result.datas.map((r) => r.id);
      const roles = appRefs.length
        ? await db.selectFrom('user_roles').innerJoin('app_roles', 'app_roles.id', 'user_roles.role_ref').innerJoin('perm_groups', 'perm_groups.id', 'app_roles.group_ref')
          .select(['perm_groups.app_ref', 'perm_groups.id as group_id', 'app_roles.name'])
          .where('user_roles.user_ref', '=', userRef).where('perm_groups.app_ref', 'in', appRefs).orderBy('app_roles.id').execute()
        : [];
      const groups = appRefs.length ? await db.selectFrom('perm_groups').select(['id', 'app_ref']).where('app_ref', 'in', appRefs).execute() : [];
      return {
        ...result,
        datas: result.datas.map((app) => ({
          appId: app.app_id,
          appName: app.app_name,
          groupId: groups.find((g) => g.app_ref === app.id)?.id ?? null,
          roleNameList: roles.filter((r) => r.app_ref === app.id).map((r) => r.name),
        })),
      };
    },
    groupOf(groupId: number): Promise<PermissionGroup | undefined> {
      return db.selectFrom('perm_groups').select(['id', 'app_ref as appRef']).where('id', '=', groupId).executeTakeFirst();
    },
    directRoles(userRef: number, groupId: number): Promise<Omit<AppRole, 'groupRef'>[]> {
      return db.selectFrom('user_roles').innerJoin('app_roles', 'app_roles.id', 'user_roles.role_ref')
        .select(['app_roles.id', 'app_roles.name', 'app_roles.code'])
        .where('user_roles.user_ref', '=', userRef).where('app_roles.group_ref', '=', groupId).orderBy('app_roles.id').execute();
    },
    /** Login permission for the app plus the roles; two writes, so call it inside a unit of work. */
    async grant(userRef: number, appRef: number, roleIds: number[], now: number): Promise<void> {
      await db.insertInto('user_apps').values({ user_ref: userRef, app_ref: appRef, granted_at: now })
        .onConflict((oc) => oc.columns(['user_ref', 'app_ref']).doNothing()).execute();
      if (roleIds.length) {
        await db.insertInto('user_roles').values(roleIds.map((r) => ({ user_ref: userRef, role_ref: r, granted_at: now })))
          .onConflict((oc) => oc.columns(['user_ref', 'role_ref']).doNothing()).execute();
      }
    },
    /** Removes the login permission and every role of that app the user holds (two writes: a unit of work). */
    async revokeApp(userRef: number, appRef: number): Promise<boolean> {
      const roleIds = db.selectFrom('app_roles').innerJoin('perm_groups', 'perm_groups.id', 'app_roles.group_ref').select('app_roles.id').where('perm_groups.app_ref', '=', appRef);
      await db.deleteFrom('user_roles').where('user_ref', '=', userRef).where('role_ref', 'in', roleIds).execute();
      const result = await db.deleteFrom('user_apps').where('user_ref', '=', userRef).where('app_ref', '=', appRef).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async revokeRoles(userRef: number, groupId: number, roleIds: number[]): Promise<number> {
      const inGroup = db.selectFrom('app_roles').select('id').where('group_ref', '=', groupId);
      const result = await db.deleteFrom('user_roles').where('user_ref', '=', userRef).where('role_ref', 'in', roleIds).where('role_ref', 'in', inGroup).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
