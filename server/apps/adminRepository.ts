import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { ListSort } from '../../contract/schemas/sort.js';
import { ADMIN_SORTABLE } from '../../contract/schemas/admin/sortable.js';
import type { PageResult } from '../../contract/schemas/common.js';
import type { AppsTable, Database } from '../platform/db/schema.js';
import { ApplyStatus } from '../../contract/enums.js';
import { memberNumber } from '../groups/repository.js';
import { ilike, mapPage, page } from '../platform/db/paging.js';
import { appsChanged } from './appCache.js';

export interface NewAdminApp {
  appId: string;
  appName: string;
  icon: string | null;
  category: string | null;
  clientId: string;
  idpSsoUrl: string;
  loginTypes: string[];
  /** As stored: the CaptchaStrategy number as text, or null for the portal default. */
  captchaStrategy: string | null;
  secondAuthRequired: boolean;
  sortOrder: number;
  permSystem: boolean;
  enabled: boolean;
  createdAt: number;
  /** OpenID Connect settings (see OidcApp in server/protocols/oidc/repository.ts for how the provider reads them). */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** null: the provider's default (authorization_code and refresh_token). */
  grantTypes: string[] | null;
  accessTokenTtl: number | null;
  idTokenTtl: number | null;
  refreshTokenTtl: number | null;
  backchannelLogoutUri: string | null;
  initiateLoginUri: string | null;
  firstParty: boolean;
  legacy: boolean;
}

/** An application with everything the workbench edits (never the secret hashes: see secretState). */
export interface AdminAppRecord extends NewAdminApp {
  id: number;
  clientSecretSet: boolean;
  previousSecretValidUntil: number | null;
}

export type AdminAppPatch = Partial<Omit<NewAdminApp, 'appId' | 'clientId' | 'enabled' | 'createdAt'>>;

/** The client-secret hashes of an application, for verification only. */
export interface SecretState {
  appRef: number;
  hash: string | null;
  prevHash: string | null;
  prevUntil: number | null;
}

export interface RoleGroupRecord { id: number; appRef: number; name: string }
export interface RoleRecord { id: number; groupRef: number; appRef: number; code: string; name: string }
export interface RoleWithHolders { id: number; groupRef: number; code: string; name: string; holders: number }
export interface PersonRecord { id: number; account: string; userName: string; deptName: string | null }
export interface UserGrantRecord extends PersonRecord { grantedAt: number }
export interface GroupGrantRecord { groupRef: number; groupCode: string; groupName: string; groupType: number; memberNumber: number; grantedAt: number }

const flag = (value: boolean) => (value ? 1 : 0);

/** A person as the approver and grant lists show one (PersonRecord). */
const PERSON_COLUMNS = ['users.id', 'users.user_id as account', 'users.user_name as userName', 'users.dept_name as deptName'] as const;

/** A JSON array of strings as stored (login types, URIs), read leniently: anything else is an empty list. */
function parseList(json: string | null): string[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toRecord(row: Selectable<AppsTable>): AdminAppRecord {
  return {
    id: row.id, appId: row.app_id, appName: row.app_name, icon: row.icon, category: row.category, clientId: row.client_id,
    idpSsoUrl: row.idp_sso_url, loginTypes: parseList(row.login_types), captchaStrategy: row.captcha_strategy,
    secondAuthRequired: row.second_auth_required === 1, sortOrder: row.sort_order, permSystem: row.perm_system === 1, enabled: row.enabled === 1,
    createdAt: row.created_at, clientSecretSet: row.client_secret_hash !== null, previousSecretValidUntil: row.client_secret_prev_until,
    redirectUris: parseList(row.oidc_redirect_uris), postLogoutRedirectUris: parseList(row.oidc_post_logout_redirect_uris),
    grantTypes: row.oidc_grant_types === null ? null : parseList(row.oidc_grant_types),
    accessTokenTtl: row.oidc_access_token_ttl, idTokenTtl: row.oidc_id_token_ttl, refreshTokenTtl: row.oidc_refresh_token_ttl,
    backchannelLogoutUri: row.oidc_backchannel_logout_uri, initiateLoginUri: row.oidc_initiate_login_uri,
    firstParty: row.oidc_first_party === 1, legacy: row.sso_legacy === 1,
  };
}

/** The columns of what the workbench may change, from a patch (only the fields it names). */
function columnsOf(patch: AdminAppPatch) {
  const set = <T, V>(value: T | undefined, map: (v: T) => V) => (value === undefined ? undefined : map(value));
  const columns = {
    app_name: patch.appName,
    icon: patch.icon,
    category: patch.category,
    idp_sso_url: patch.idpSsoUrl,
    login_types: set(patch.loginTypes, (v) => JSON.stringify(v)),
    captcha_strategy: patch.captchaStrategy,
    second_auth_required: set(patch.secondAuthRequired, flag),
    sort_order: patch.sortOrder,
    perm_system: set(patch.permSystem, flag),
    oidc_redirect_uris: set(patch.redirectUris, (v) => JSON.stringify(v)),
    oidc_post_logout_redirect_uris: set(patch.postLogoutRedirectUris, (v) => JSON.stringify(v)),
    oidc_grant_types: set(patch.grantTypes, (v) => (v === null ? null : JSON.stringify(v))),
    oidc_access_token_ttl: patch.accessTokenTtl,
    oidc_id_token_ttl: patch.idTokenTtl,
    oidc_refresh_token_ttl: patch.refreshTokenTtl,
    oidc_backchannel_logout_uri: patch.backchannelLogoutUri,
    oidc_initiate_login_uri: patch.initiateLoginUri,
    oidc_first_party: set(patch.firstParty, flag),
    sso_legacy: set(patch.legacy, flag),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<typeof columns>;
}

/** The empty list as stored: what "no redirect URI" looks like in the column (besides null). */
const NO_URIS = JSON.stringify([]);

export interface AppListFilters {
  keyword?: string;
  enabled?: boolean;
  category?: string;
  sort?: ListSort<(typeof ADMIN_SORTABLE.apps)[number]>;
  /** Only these applications (an owner's); absent: all. */
  appRefs?: number[];
}
const APP_SORT = { appName: 'app_name', appId: 'app_id', category: 'category' } as const;

/** Workbench queries: applications, their roles, approvers and grants, and client secrets. */
export function adminAppsRepo(db: Kysely<Database>) {
  const roleIdsOfApp = (appRef: number) =>
    db.selectFrom('app_roles').innerJoin('perm_groups', 'perm_groups.id', 'app_roles.group_ref').select('app_roles.id').where('perm_groups.app_ref', '=', appRef);

  return {
    async page(filters: AppListFilters, pageNum: number, pageSize: number): Promise<PageResult<AdminAppRecord>> {
      let base = db.selectFrom('apps');
      if (filters.appRefs) base = filters.appRefs.length ? base.where('id', 'in', filters.appRefs) : base.where(sql<SqlBool>`1 = 0`);
      if (filters.keyword) {
        const keyword = filters.keyword;
        base = base.where((eb) => eb.or([ilike('app_name', keyword), ilike('app_id', keyword)]));
      }
      if (filters.enabled !== undefined) base = base.where('enabled', '=', flag(filters.enabled));
      if (filters.category) base = base.where('category', '=', filters.category);
      const { field, order = 'asc' } = filters.sort ?? {};
      // The launchpad's order until a column is picked; the id keeps equal names in a stable order.
      return mapPage(await page(db, base, (q) => (field
        ? q.selectAll().orderBy(APP_SORT[field], order).orderBy('id', order)
        : q.selectAll().orderBy('sort_order').orderBy('id')), pageNum, pageSize), toRecord);
    },
    async find(id: number): Promise<AdminAppRecord | undefined> {
      const row = await db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    /** Which of the two unique names another application already uses. */
    async taken(appId: string, clientId: string): Promise<{ appId: boolean; clientId: boolean }> {
      const rows = await db.selectFrom('apps').select(['app_id', 'client_id']).where((eb) => eb.or([eb('app_id', '=', appId), eb('client_id', '=', clientId)])).execute();
      return { appId: rows.some((r) => r.app_id === appId), clientId: rows.some((r) => r.client_id === clientId) };
    },
    /** The new application's id, or null when its app id or client id was taken meanwhile (the unique indexes decide). */
    async insert(app: NewAdminApp): Promise<number | null> {
      const row = await db.insertInto('apps').values({
        app_id: app.appId, app_name: app.appName, icon: app.icon, category: app.category, client_id: app.clientId, idp_sso_url: app.idpSsoUrl,
        login_types: JSON.stringify(app.loginTypes), captcha_strategy: app.captchaStrategy, second_auth_required: flag(app.secondAuthRequired),
        sort_order: app.sortOrder, perm_system: flag(app.permSystem), enabled: flag(app.enabled), created_at: app.createdAt,
        oidc_redirect_uris: JSON.stringify(app.redirectUris), oidc_post_logout_redirect_uris: JSON.stringify(app.postLogoutRedirectUris),
        oidc_grant_types: app.grantTypes === null ? null : JSON.stringify(app.grantTypes),
        oidc_access_token_ttl: app.accessTokenTtl, oidc_id_token_ttl: app.idTokenTtl, oidc_refresh_token_ttl: app.refreshTokenTtl,
        oidc_backchannel_logout_uri: app.backchannelLogoutUri, oidc_initiate_login_uri: app.initiateLoginUri,
        oidc_first_party: flag(app.firstParty), sso_legacy: flag(app.legacy),
      }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      appsChanged();
      return row?.id ?? null;
    },
    /**
     * Applies the patch. With `keepSignInRoute`, only if the application is still launchable
     * afterwards: legacy, or with a redirect URI. What the patch does not set is checked on the
     * row in the same statement, so two administrators racing (one clearing the URIs, the other
     * turning legacy off) cannot together leave an OIDC client with none. 'refused' then;
     * 'missing' when there is no such application.
     */
    async update(id: number, patch: AdminAppPatch, keepSignInRoute = false): Promise<'updated' | 'missing' | 'refused'> {
      const set = columnsOf(patch);
      const exists = async () => !!(await db.selectFrom('apps').select('id').where('id', '=', id).executeTakeFirst());
      const noUris = patch.redirectUris !== undefined && patch.redirectUris.length === 0;
      if (keepSignInRoute && patch.legacy === false && noUris) return (await exists()) ? 'refused' : 'missing';
      if (!Object.keys(set).length) return (await exists()) ? 'updated' : 'missing';
      let q = db.updateTable('apps').set(set).where('id', '=', id);
      if (keepSignInRoute && patch.legacy === undefined && noUris) q = q.where('sso_legacy', '=', 1);
      if (keepSignInRoute && patch.legacy === false && patch.redirectUris === undefined) {
        q = q.where('oidc_redirect_uris', 'is not', null).where('oidc_redirect_uris', '<>', NO_URIS);
      }
      const result = await q.executeTakeFirst();
      appsChanged();
      if (Number(result.numUpdatedRows) === 1) return 'updated';
      return (await exists()) ? 'refused' : 'missing';
    },
    async setEnabled(id: number, enabled: boolean): Promise<boolean> {
      const result = await db.updateTable('apps').set({ enabled: flag(enabled) }).where('id', '=', id).executeTakeFirst();
      appsChanged();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * One statement moves the current hash to "previous" (valid until `prevUntil`) and stores the
     * new one: SET reads the row's old values, so racing rotations each shift a whole pair.
     */
    async rotateSecret(id: number, hash: string, prevUntil: number): Promise<{ previousValidUntil: number | null } | undefined> {
      const rotated = await db.updateTable('apps')
        .set((eb) => ({
          client_secret_prev_hash: eb.ref('client_secret_hash'),
          // The cast names the parameter's type for PostgreSQL, which would guess text inside a CASE.
          client_secret_prev_until: sql<number | null>`case when client_secret_hash is null then null else cast(${prevUntil} as bigint) end`,
          client_secret_hash: hash,
        }))
        .where('id', '=', id)
        .returning('client_secret_prev_until as previousValidUntil')
        .executeTakeFirst();
      appsChanged();
      return rotated;
    },
    async secretState(ref: { id: number } | { clientId: string }): Promise<SecretState | undefined> {
      let q = db.selectFrom('apps').select(['id', 'client_secret_hash', 'client_secret_prev_hash', 'client_secret_prev_until']);
      q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('client_id', '=', ref.clientId);
      const row = await q.executeTakeFirst();
      return row && { appRef: row.id, hash: row.client_secret_hash, prevHash: row.client_secret_prev_hash, prevUntil: row.client_secret_prev_until };
    },

    // Role groups and roles
    roleGroups(appRef: number): Promise<RoleGroupRecord[]> {
      return db.selectFrom('perm_groups').select(['id', 'app_ref as appRef', 'name']).where('app_ref', '=', appRef).orderBy('id').execute();
    },
    async rolesWithHolders(appRef: number): Promise<RoleWithHolders[]> {
      const rows = await db.selectFrom('app_roles').innerJoin('perm_groups', 'perm_groups.id', 'app_roles.group_ref')
        .select((eb) => [
          'app_roles.id', 'app_roles.group_ref as groupRef', 'app_roles.code', 'app_roles.name',
          eb.selectFrom('user_roles').select((e) => e.fn.countAll<number>().as('n')).whereRef('user_roles.role_ref', '=', 'app_roles.id').as('holders'),
        ])
        .where('perm_groups.app_ref', '=', appRef).orderBy('app_roles.id').execute();
      return rows.map((r) => ({ ...r, holders: Number(r.holders ?? 0) }));
    },
    findRoleGroup(id: number): Promise<RoleGroupRecord | undefined> {
      return db.selectFrom('perm_groups').select(['id', 'app_ref as appRef', 'name']).where('id', '=', id).executeTakeFirst();
    },
    async insertRoleGroup(appRef: number, name: string): Promise<number> {
      return (await db.insertInto('perm_groups').values({ app_ref: appRef, name }).returning('id').executeTakeFirstOrThrow()).id;
    },
    async renameRoleGroup(id: number, name: string): Promise<boolean> {
      return Number((await db.updateTable('perm_groups').set({ name }).where('id', '=', id).executeTakeFirst()).numUpdatedRows) === 1;
    },
    findRole(id: number): Promise<RoleRecord | undefined> {
      return db.selectFrom('app_roles').innerJoin('perm_groups', 'perm_groups.id', 'app_roles.group_ref')
        .select(['app_roles.id', 'app_roles.group_ref as groupRef', 'perm_groups.app_ref as appRef', 'app_roles.code', 'app_roles.name'])
        .where('app_roles.id', '=', id).executeTakeFirst();
    },
    rolesOfGroup(groupRef: number): Promise<Pick<RoleRecord, 'id' | 'code' | 'name'>[]> {
      return db.selectFrom('app_roles').select(['id', 'code', 'name']).where('group_ref', '=', groupRef).orderBy('id').execute();
    },
    async roleCodeUsed(appRef: number, code: string): Promise<boolean> {
      return !!(await roleIdsOfApp(appRef).where('app_roles.code', '=', code).executeTakeFirst());
    },
    async insertRole(groupRef: number, code: string, name: string): Promise<number> {
      return (await db.insertInto('app_roles').values({ group_ref: groupRef, code, name }).returning('id').executeTakeFirstOrThrow()).id;
    },
    async renameRole(id: number, name: string): Promise<boolean> {
      return Number((await db.updateTable('app_roles').set({ name }).where('id', '=', id).executeTakeFirst()).numUpdatedRows) === 1;
    },
    async anyHeld(roleIds: number[]): Promise<boolean> {
      return !!(await db.selectFrom('user_roles').select('role_ref').where('role_ref', 'in', roleIds).limit(1).executeTakeFirst());
    },
    /** The role ids named by the app's requests awaiting approval. */
    async pendingRoleIds(appRef: number): Promise<Set<number>> {
      const rows = await db.selectFrom('apply_requests').select('role_ids').where('app_ref', '=', appRef).where('status', '=', ApplyStatus.PENDING).execute();
      return new Set(rows.flatMap((r) => JSON.parse(r.role_ids) as number[]));
    },
    /** Deletes roles no one holds; answers how many went (fewer than asked: someone holds one). */
    async deleteUnheldRoles(roleIds: number[]): Promise<number> {
      const result = await db.deleteFrom('app_roles').where('id', 'in', roleIds)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('user_roles').select('user_roles.role_ref').whereRef('user_roles.role_ref', '=', 'app_roles.id'))))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async deleteRoleGroup(id: number): Promise<boolean> {
      return Number((await db.deleteFrom('perm_groups').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1;
    },

    // Approvers
    approvers(appRef: number): Promise<PersonRecord[]> {
      return db.selectFrom('app_approvers').innerJoin('users', 'users.id', 'app_approvers.user_ref')
        .select(PERSON_COLUMNS)
        .where('app_approvers.app_ref', '=', appRef).orderBy('users.user_id').execute();
    },
    /** The application's owners (app_owners), by account. */
    owners(appRef: number): Promise<PersonRecord[]> {
      return db.selectFrom('app_owners').innerJoin('users', 'users.id', 'app_owners.user_ref')
        .select(PERSON_COLUMNS)
        .where('app_owners.app_ref', '=', appRef).orderBy('users.user_id').execute();
    },
    async addOwners(appRef: number, userRefs: number[], now: number): Promise<number> {
      const result = await db.insertInto('app_owners').values(userRefs.map((u) => ({ app_ref: appRef, user_ref: u, granted_at: now })))
        .onConflict((oc) => oc.columns(['app_ref', 'user_ref']).doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
    async removeOwners(appRef: number, userRefs: number[]): Promise<number> {
      return Number((await db.deleteFrom('app_owners').where('app_ref', '=', appRef).where('user_ref', 'in', userRefs).executeTakeFirst()).numDeletedRows);
    },
    async addApprovers(appRef: number, userRefs: number[]): Promise<number> {
      const result = await db.insertInto('app_approvers').values(userRefs.map((u) => ({ app_ref: appRef, user_ref: u })))
        .onConflict((oc) => oc.columns(['app_ref', 'user_ref']).doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
    async removeApprovers(appRef: number, userRefs: number[]): Promise<number> {
      return Number((await db.deleteFrom('app_approvers').where('app_ref', '=', appRef).where('user_ref', 'in', userRefs).executeTakeFirst()).numDeletedRows);
    },

    // Who may use it
    pageUserGrants(appRef: number, pageNum: number, pageSize: number): Promise<PageResult<UserGrantRecord>> {
      const base = db.selectFrom('user_apps').where('user_apps.app_ref', '=', appRef);
      return page(db, base, (q) => q.innerJoin('users', 'users.id', 'user_apps.user_ref')
        .select([...PERSON_COLUMNS, 'user_apps.granted_at as grantedAt'])
        .orderBy('user_apps.granted_at', 'desc').orderBy('users.user_id'), pageNum, pageSize);
    },
    async addUserGrants(appRef: number, userRefs: number[], now: number): Promise<number> {
      const result = await db.insertInto('user_apps').values(userRefs.map((u) => ({ user_ref: u, app_ref: appRef, granted_at: now })))
        .onConflict((oc) => oc.columns(['user_ref', 'app_ref']).doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
    /** Of these people, the ones granted the app directly. */
    async usersGrantedAmong(appRef: number, userRefs: number[]): Promise<number[]> {
      const rows = await db.selectFrom('user_apps').select('user_ref').where('app_ref', '=', appRef).where('user_ref', 'in', userRefs).execute();
      return rows.map((r) => r.user_ref);
    },
    /** The direct grants and, with them, the roles those people hold in the app (two writes: a unit of work). */
    async removeUserGrants(appRef: number, userRefs: number[]): Promise<number> {
      await db.deleteFrom('user_roles').where('user_ref', 'in', userRefs).where('role_ref', 'in', roleIdsOfApp(appRef)).execute();
      return Number((await db.deleteFrom('user_apps').where('app_ref', '=', appRef).where('user_ref', 'in', userRefs).executeTakeFirst()).numDeletedRows);
    },
    async pageGroupGrants(appRef: number, pageNum: number, pageSize: number): Promise<PageResult<GroupGrantRecord>> {
      const base = db.selectFrom('app_group_grants').where('app_group_grants.app_ref', '=', appRef);
      const result = await page(db, base, (q) => q.innerJoin('mail_groups as g', 'g.id', 'app_group_grants.group_ref')
        .select([
          'g.id as groupRef', 'g.group_code as groupCode', 'g.group_name as groupName', 'g.group_type as groupType', 'app_group_grants.granted_at as grantedAt',
          memberNumber('g.id').as('memberNumber'),
        ])
        .orderBy('app_group_grants.granted_at', 'desc').orderBy('g.group_code'), pageNum, pageSize);
      return mapPage(result, (g) => ({ ...g, memberNumber: Number(g.memberNumber ?? 0) }));
    },
    groupsByIds(ids: number[]): Promise<{ id: number; groupCode: string }[]> {
      return db.selectFrom('mail_groups').select(['id', 'group_code as groupCode']).where('id', 'in', ids).execute();
    },
    async addGroupGrants(appRef: number, groupRefs: number[], now: number): Promise<number> {
      const result = await db.insertInto('app_group_grants').values(groupRefs.map((g) => ({ app_ref: appRef, group_ref: g, granted_at: now })))
        .onConflict((oc) => oc.columns(['app_ref', 'group_ref']).doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
    /** Of these groups, the ones granted the app. */
    async groupsGrantedAmong(appRef: number, groupRefs: number[]): Promise<number[]> {
      const rows = await db.selectFrom('app_group_grants').select('group_ref').where('app_ref', '=', appRef).where('group_ref', 'in', groupRefs).execute();
      return rows.map((r) => r.group_ref);
    },
    async removeGroupGrants(appRef: number, groupRefs: number[]): Promise<number> {
      return Number((await db.deleteFrom('app_group_grants').where('app_ref', '=', appRef).where('group_ref', 'in', groupRefs).executeTakeFirst()).numDeletedRows);
    },
  };
}
