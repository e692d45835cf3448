import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

/** What an operation-log detail names, looked up in one batch per kind. */
export interface LogNameKeys {
  appIds: string[];
  requestIds: number[];
  permGroupIds: number[];
  roleIds: number[];
  groupCodes: string[];
  accounts: string[];
  /** What the workbench's changes name besides (organisation/notices/SCIM targets). */
  deptIds?: number[];
  noticeIds?: number[];
  scimTokenIds?: number[];
  zoneIds?: number[];
}

/** A request as a log line names it. */
export interface RequestName {
  appName: string;
  roleNames: string;
  applicantName: string;
}

export interface LogNames {
  apps: Map<string, string>;
  requests: Map<number, RequestName>;
  /** A permission group by id: the name of its application. */
  permGroups: Map<number, string>;
  roles: Map<number, string>;
  groups: Map<string, string>;
  people: Map<string, string>;
  depts: Map<number, string>;
  notices: Map<number, string>;
  scimTokens: Map<number, string>;
  /** Network zones (adaptive sign-in). */
  zones: Map<number, string>;
}

/**
 * Names for the ids a page of operation-log details holds (a page is at most 100 rows, so each
 * lookup is one query by primary or unique key). The stored rows stay as written.
 */
export function logNamesRepo(db: Kysely<Database>) {
  return {
    async resolve(keys: LogNameKeys): Promise<LogNames> {
      const some = (ids: number[] | undefined): ids is number[] => ids !== undefined && ids.length > 0;
      const [apps, requests, permGroups, roles, groups, people, depts, notices, scimTokens, zones] = await Promise.all([
        keys.appIds.length ? db.selectFrom('apps').select(['app_id', 'app_name']).where('app_id', 'in', keys.appIds).execute() : [],
        keys.requestIds.length
          ? db.selectFrom('apply_requests as r').innerJoin('apps as a', 'a.id', 'r.app_ref').innerJoin('users as u', 'u.id', 'r.apply_user_ref')
            .select(['r.id', 'a.app_name', 'r.role_names', 'u.user_name']).where('r.id', 'in', keys.requestIds).execute()
          : [],
        keys.permGroupIds.length
          ? db.selectFrom('perm_groups as g').innerJoin('apps as a', 'a.id', 'g.app_ref').select(['g.id', 'a.app_name']).where('g.id', 'in', keys.permGroupIds).execute()
          : [],
        keys.roleIds.length ? db.selectFrom('app_roles').select(['id', 'name']).where('id', 'in', keys.roleIds).execute() : [],
        keys.groupCodes.length ? db.selectFrom('mail_groups').select(['group_code', 'group_name']).where('group_code', 'in', keys.groupCodes).execute() : [],
        keys.accounts.length ? db.selectFrom('users').select(['user_id', 'user_name']).where('user_id', 'in', keys.accounts).execute() : [],
        some(keys.deptIds) ? db.selectFrom('departments').select(['id', 'name']).where('id', 'in', keys.deptIds).execute() : [],
        some(keys.noticeIds) ? db.selectFrom('notices').select(['id', 'title as name']).where('id', 'in', keys.noticeIds).execute() : [],
        some(keys.scimTokenIds) ? db.selectFrom('scim_tokens').select(['id', 'name']).where('id', 'in', keys.scimTokenIds).execute() : [],
        some(keys.zoneIds) ? db.selectFrom('network_zones').select(['id', 'name']).where('id', 'in', keys.zoneIds).execute() : [],
      ]);
      const byId = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [Number(r.id), r.name]));
      return {
        apps: new Map(apps.map((a) => [a.app_id, a.app_name])),
        requests: new Map(requests.map((r) => [r.id, { appName: r.app_name, roleNames: r.role_names, applicantName: r.user_name }])),
        permGroups: new Map(permGroups.map((g) => [g.id, g.app_name])),
        roles: new Map(roles.map((r) => [r.id, r.name])),
        groups: new Map(groups.map((g) => [g.group_code, g.group_name])),
        people: new Map(people.map((p) => [p.user_id, p.user_name])),
        depts: byId(depts),
        notices: byId(notices),
        scimTokens: byId(scimTokens),
        zones: byId(zones),
      };
    },
  };
}
