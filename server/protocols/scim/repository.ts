import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { AdminUserRecord } from '../../organisation/usersAdminRepository.js';
import { deleteUser, holdsRecords } from '../../organisation/userRecords.js';

/**
 * The queries of provisioning (SCIM): lists by a filter the client wrote (translated by
 * sqlFilter.ts), resources by id, and what a user's deletion must not leave dangling. Writes go
 * through the workbench's services, so that one set of rules holds on both paths.
 */

/** The workbench's own record of a person, cut to the columns provisioning reads, and the name parts only provisioning writes. */
export type ScimUserRow = Pick<AdminUserRecord,
  'id' | 'account' | 'userName' | 'userType' | 'mobileNo' | 'email' | 'enabled' | 'externalId' | 'positionName' | 'deptRef' | 'createdAt' | 'updatedAt'>
  & { givenName: string | null; familyName: string | null };

export interface ScimGroupRow {
  id: number;
  groupCode: string;
  groupName: string;
  groupType: number;
  email: string | null;
  externalId: string | null;
  managerRef: number;
  managerName: string | null;
  /** Where the manager is placed: a token confined to a subtree reaches the groups its people manage. */
  managerDeptRef: number | null;
  createdAt: number;
}

export interface ScimMember {
  id: number;
  account: string;
  userName: string;
}

/** A page of a list and how many match in all (SCIM clients page by totalResults, so it is exact). */
export interface ScimPage<T> {
  rows: T[];
  total: number;
}

const USER_COLUMNS = [
  'users.id', 'users.user_id as account', 'users.user_name as userName', 'users.user_type as userType', 'users.mobile_no as mobileNo',
  'users.email', 'users.enabled', 'users.external_id as externalId', 'users.position_name as positionName', 'users.dept_ref as deptRef',
  'users.created_at as createdAt', 'users.updated_at as updatedAt', 'users.given_name as givenName', 'users.family_name as familyName',
] as const;

const toUser = (row: Omit<ScimUserRow, 'enabled'> & { enabled: number }): ScimUserRow => ({ ...row, enabled: row.enabled === 1 });

export function scimRepo(db: Kysely<Database>) {
  const groupQuery = () => db.selectFrom('mail_groups').leftJoin('users as m', 'm.id', 'mail_groups.manager_user_ref').select([
    'mail_groups.id', 'mail_groups.group_code as groupCode', 'mail_groups.group_name as groupName', 'mail_groups.group_type as groupType',
    'mail_groups.email', 'mail_groups.external_id as externalId', 'mail_groups.manager_user_ref as managerRef', 'm.user_name as managerName',
    'm.dept_ref as managerDeptRef', 'mail_groups.created_at as createdAt',
  ]);

  return {
    async pageUsers(where: RawBuilder<SqlBool> | null, offset: number, limit: number): Promise<ScimPage<ScimUserRow>> {
      const filtered = where ? db.selectFrom('users').where(where) : db.selectFrom('users');
      const [count, rows] = await Promise.all([
        filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
        limit > 0 ? filtered.select(USER_COLUMNS).orderBy('users.id').limit(limit).offset(offset).execute() : Promise.resolve([]),
      ]);
      return { rows: rows.map(toUser), total: Number(count?.n ?? 0) };
    },
    async findUser(id: number): Promise<ScimUserRow | undefined> {
      const row = await db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },
    /**
     * If-Match made one statement: the user's version (updated_at) moves on only when it is still
     * one of `versions` (any, when null), so of writes racing with one ETag exactly one gets a row
     * back — on PostgreSQL the others wait for its row lock and then find the version gone; on
     * SQLite the statement takes the write lock. The new version is later than the old one even
     * within the same millisecond. Undefined when nothing matched (changed, or no such user).
     */
    async claimUser(id: number, versions: number[] | null, now: number): Promise<number | undefined> {
      if (versions && !versions.length) return undefined;
      let q = db.updateTable('users').set({ updated_at: sql<number>`case when updated_at >= ${now} then updated_at + 1 else ${now} end` }).where('id', '=', id);
      if (versions) q = q.where('updated_at', 'in', versions);
      const row = await q.returning('updated_at').executeTakeFirst();
      return row?.updated_at;
    },
    /** Takes the user's row for the rest of the transaction without changing it (a write with no If-Match). False when there is no such user. */
    async lockUser(id: number): Promise<boolean> {
      const result = await db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Keeps a claimed version: writes after the claim stamp the clock's time, which may be earlier within a millisecond. */
    async keepVersion(id: number, version: number): Promise<void> {
      await db.updateTable('users').set({ updated_at: version }).where('id', '=', id).where('updated_at', '<', version).execute();
    },
    /** The given and family names a provisioning client sent (the full name is the workbench's userName). */
    async setNameParts(id: number, givenName: string | null, familyName: string | null, now: number): Promise<void> {
      await db.updateTable('users').set({ given_name: givenName, family_name: familyName, updated_at: now }).where('id', '=', id).execute();
    },
    /** The groups each of these users is a member of. */
    async groupsOf(userRefs: number[]): Promise<Map<number, { id: number; name: string }[]>> {
      const out = new Map<number, { id: number; name: string }[]>();
      if (!userRefs.length) return out;
      const rows = await db.selectFrom('group_members').innerJoin('mail_groups', 'mail_groups.id', 'group_members.group_ref')
        .select(['group_members.user_ref as userRef', 'mail_groups.id', 'mail_groups.group_name as name'])
        .where('group_members.user_ref', 'in', userRefs).orderBy('mail_groups.id').execute();
      for (const r of rows) out.set(r.userRef, [...(out.get(r.userRef) ?? []), { id: r.id, name: r.name }]);
      return out;
    },
    async pageGroups(where: RawBuilder<SqlBool> | null, offset: number, limit: number): Promise<ScimPage<ScimGroupRow>> {
      const filtered = where ? db.selectFrom('mail_groups').where(where) : db.selectFrom('mail_groups');
      const [count, rows] = await Promise.all([
        filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
        limit > 0 ? (where ? groupQuery().where(where) : groupQuery()).orderBy('mail_groups.id').limit(limit).offset(offset).execute() : Promise.resolve([]),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
    findGroup(id: number): Promise<ScimGroupRow | undefined> {
      return groupQuery().where('mail_groups.id', '=', id).executeTakeFirst();
    },
    /** The members of each of these groups, in id order. */
    async membersOf(groupRefs: number[]): Promise<Map<number, ScimMember[]>> {
      const out = new Map<number, ScimMember[]>(groupRefs.map((g) => [g, []]));
      if (!groupRefs.length) return out;
      const rows = await db.selectFrom('group_members').innerJoin('users', 'users.id', 'group_members.user_ref')
        .select(['group_members.group_ref as groupRef', 'users.id', 'users.user_id as account', 'users.user_name as userName'])
        .where('group_members.group_ref', 'in', groupRefs).orderBy('users.id').execute();
      for (const r of rows) out.get(r.groupRef)?.push({ id: r.id, account: r.account, userName: r.userName });
      return out;
    },
    /**
     * What changes when a group's members do (mail_groups has no updated_at): how many, which
     * (the sum of their ids) and the latest addition. A group's version is made of it.
     */
    async memberStamps(groupRefs: number[]): Promise<Map<number, string>> {
      if (!groupRefs.length) return new Map();
      const rows = await db.selectFrom('group_members').select((eb) => [
        'group_ref as groupRef', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('user_ref').as('ids'), eb.fn.max('added_at').as('last'),
      ]).where('group_ref', 'in', groupRefs).groupBy('group_ref').execute();
      return new Map(rows.map((r) => [r.groupRef, `${Number(r.n)}.${Number(r.ids)}.${Number(r.last)}`]));
    },
    /**
     * Takes the group's row for the rest of the transaction (a write that changes nothing: on
     * PostgreSQL the row lock, on SQLite the write lock), so a version read next is the one the
     * write replaces. False when there is no such group.
     */
    async lockGroup(id: number): Promise<boolean> {
      const result = await db.updateTable('mail_groups').set((eb) => ({ group_name: eb.ref('group_name') })).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The id the provisioning client knows the group by (the workbench does not show or set it). */
    async setGroupExternalId(id: number, externalId: string | null): Promise<boolean> {
      const result = await db.updateTable('mail_groups').set({ external_id: externalId }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The accounts of these user ids; unknown ids are left out. */
    async accountsOf(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db.selectFrom('users').select(['id', 'user_id']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.user_id]));
    },
    holdsRecords: (userRef: number) => holdsRecords(db, userRef),
    deleteUser: (userRef: number) => deleteUser(db, userRef),
  };
}

export type ScimRepo = ReturnType<typeof scimRepo>;
