import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ListSort } from '../../contract/schemas/sort.js';
import { ADMIN_SORTABLE } from '../../contract/schemas/admin/sortable.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { GroupKind, GroupType } from '../../contract/enums.js';
import type { Database } from '../platform/db/schema.js';
import { memberNumber, type MailGroup } from './repository.js';
import { ilike, mapPage, page } from '../platform/db/paging.js';


export interface GroupListFilters {
  keyword?: string;
  kind?: GroupKind;
  sort?: ListSort<(typeof ADMIN_SORTABLE.groups)[number]>;
  /** Only groups whose manager, and mailboxes that are, placed in these departments (a department administrator's subtree). */
  deptRefs?: number[];
}
/** The user type of a shared mailbox account. */
const MAILBOX_TYPE = 'PUBLIC_MAIL';

/** A row of the organisation's groups list: a group, or a shared mailbox (its account). */
export interface GroupRowRecord {
  kind: GroupKind;
  id: number;
  code: string;
  name: string;
  email: string | null;
  managerAccount: string | null;
  managerName: string | null;
  memberNumber: number | null;
}

/** The portal's group record (groups/repository.ts) and its manager's account. */
export interface AdminGroupRecord extends Omit<MailGroup, 'createdAt'> {
  managerAccount: string | null;
  /** Where the manager is placed: a group is inside a department when its manager is. */
  managerDeptRef: number | null;
}

export interface AdminMailboxRecord {
  id: number;
  account: string;
  userName: string;
  email: string | null;
  managerRef: number | null;
  managerAccount: string | null;
  deptRef: number | null;
}

/** Workbench queries: every group and shared mailbox of the organisation, whoever manages it. */
export function adminGroupsRepo(db: Kysely<Database>) {
  const groupRows = (filters: { keyword?: string; groupType?: number; deptRefs?: number[] }) => {
    let q = db.selectFrom('mail_groups as g').leftJoin('users as m', 'm.id', 'g.manager_user_ref')
      .select([
        sql<string>`case when g.group_type = ${sql.lit(GroupType.MAIL)} then ${sql.lit(GroupKind.MAIL)} else ${sql.lit(GroupKind.SECURITY)} end`.as('kind'),
        'g.id', 'g.group_code as code', 'g.group_name as name', 'g.email', 'm.user_id as managerAccount', 'm.user_name as managerName',
        memberNumber('g.id').$castTo<number | null>().as('memberNumber'),
      ]);
    if (filters.groupType) q = q.where('g.group_type', '=', filters.groupType);
    if (filters.deptRefs) q = filters.deptRefs.length ? q.where('m.dept_ref', 'in', filters.deptRefs) : q.where(sql<SqlBool>`1 = 0`);
    if (filters.keyword) {
      const keyword = filters.keyword;
      q = q.where((eb) => eb.or([ilike('g.group_name', keyword), ilike('g.group_code', keyword)]));
    }
    return q;
  };
  const mailboxRows = (filters: { keyword?: string; deptRefs?: number[] }) => {
    let q = db.selectFrom('users as u').leftJoin('users as m', 'm.id', 'u.mailbox_manager_ref')
      .select([
        sql<string>`${sql.lit(GroupKind.PUBLIC_MAIL)}`.as('kind'),
        'u.id', 'u.user_id as code', 'u.user_name as name', 'u.email', 'm.user_id as managerAccount', 'm.user_name as managerName',
        sql<number | null>`null`.as('memberNumber'),
      ])
      .where('u.user_type', '=', MAILBOX_TYPE);
    if (filters.deptRefs) q = filters.deptRefs.length ? q.where('u.dept_ref', 'in', filters.deptRefs) : q.where(sql<SqlBool>`1 = 0`);
    if (filters.keyword) {
      const keyword = filters.keyword;
      q = q.where((eb) => eb.or([ilike('u.user_name', keyword), ilike('u.user_id', keyword)]));
    }
    return q;
  };

  const groupColumns = [
    'g.id', 'g.group_code as groupCode', 'g.group_name as groupName', 'g.group_type as groupType', 'g.email', 'g.manager_user_ref as managerRef', 'm.user_id as managerAccount',
    'm.dept_ref as managerDeptRef',
  ] as const;

  return {
    async pageRows(filters: GroupListFilters, pageNum: number, pageSize: number): Promise<PageResult<GroupRowRecord>> {
      const { kind, keyword, deptRefs } = filters;
      const groupType = kind === GroupKind.MAIL ? GroupType.MAIL : kind === GroupKind.SECURITY ? GroupType.SECURITY : undefined;
      const rows = kind === GroupKind.PUBLIC_MAIL ? mailboxRows({ keyword, deptRefs })
        : kind ? groupRows({ keyword, groupType, deptRefs })
          : groupRows({ keyword, deptRefs }).unionAll(mailboxRows({ keyword, deptRefs }));
      const { field, order = 'asc' } = filters.sort ?? {};
      const result = await page(db, db.selectFrom(rows.as('r')), (q) => (field
        ? q.selectAll().orderBy(`r.${field}`, order).orderBy('r.kind', order).orderBy('r.code', order)
        : q.selectAll().orderBy('r.kind').orderBy('r.code')), pageNum, pageSize);
      return mapPage(result, (r) => ({ ...r, kind: r.kind as GroupKind, memberNumber: r.memberNumber === null ? null : Number(r.memberNumber) }));
    },
    findGroup(id: number): Promise<AdminGroupRecord | undefined> {
      return db.selectFrom('mail_groups as g').leftJoin('users as m', 'm.id', 'g.manager_user_ref').select(groupColumns).where('g.id', '=', id).executeTakeFirst();
    },
    async findGroupRow(id: number): Promise<GroupRowRecord | undefined> {
      const row = await groupRows({}).where('g.id', '=', id).executeTakeFirst();
      return row && { ...row, kind: row.kind as GroupKind, memberNumber: Number(row.memberNumber ?? 0) };
    },
    async codeTaken(groupCode: string): Promise<boolean> {
      return !!(await db.selectFrom('mail_groups').select('id').where('group_code', '=', groupCode).executeTakeFirst());
    },
    /** The new group's id, or null when its code was taken meanwhile (the unique index decides). */
    async insertGroup(group: { groupCode: string; groupName: string; groupType: number; email: string | null; managerRef: number; createdAt: number }): Promise<number | null> {
      const row = await db.insertInto('mail_groups').values({
        group_code: group.groupCode, group_name: group.groupName, group_type: group.groupType, email: group.email, manager_user_ref: group.managerRef, created_at: group.createdAt,
      }).onConflict((oc) => oc.column('group_code').doNothing()).returning('id').executeTakeFirst();
      return row?.id ?? null;
    },
    async updateGroup(id: number, patch: { groupName?: string; email?: string | null }): Promise<boolean> {
      const set = { ...(patch.groupName !== undefined ? { group_name: patch.groupName } : {}), ...(patch.email !== undefined ? { email: patch.email } : {}) };
      if (!Object.keys(set).length) return !!(await db.selectFrom('mail_groups').select('id').where('id', '=', id).executeTakeFirst());
      return Number((await db.updateTable('mail_groups').set(set).where('id', '=', id).executeTakeFirst()).numUpdatedRows) === 1;
    },
    async setGroupManager(id: number, managerRef: number): Promise<boolean> {
      return Number((await db.updateTable('mail_groups').set({ manager_user_ref: managerRef }).where('id', '=', id).executeTakeFirst()).numUpdatedRows) === 1;
    },
    /** The group, its memberships and the application grants made to it (three writes: a unit of work). */
    async deleteGroup(id: number): Promise<boolean> {
      await db.deleteFrom('app_group_grants').where('group_ref', '=', id).execute();
      await db.deleteFrom('group_members').where('group_ref', '=', id).execute();
      return Number((await db.deleteFrom('mail_groups').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1;
    },
    async memberAccounts(groupRef: number, userRefs: number[]): Promise<string[]> {
      const rows = await db.selectFrom('group_members').innerJoin('users', 'users.id', 'group_members.user_ref').select('users.user_id')
        .where('group_members.group_ref', '=', groupRef).where('group_members.user_ref', 'in', userRefs).orderBy('users.user_id').execute();
      return rows.map((r) => r.user_id);
    },
    async countMembers(groupRef: number): Promise<number> {
      const row = await db.selectFrom('group_member_counts').select('members').where('group_ref', '=', groupRef).executeTakeFirst();
      return Number(row?.members ?? 0);
    },
    /** Application grants made to the group, by app id. */
    async grantedApps(groupRef: number): Promise<string[]> {
      const rows = await db.selectFrom('app_group_grants').innerJoin('apps', 'apps.id', 'app_group_grants.app_ref').select('apps.app_id')
        .where('app_group_grants.group_ref', '=', groupRef).orderBy('apps.app_id').execute();
      return rows.map((r) => r.app_id);
    },

    findMailbox(id: number): Promise<AdminMailboxRecord | undefined> {
      return db.selectFrom('users as u').leftJoin('users as m', 'm.id', 'u.mailbox_manager_ref')
        .select(['u.id', 'u.user_id as account', 'u.user_name as userName', 'u.email', 'u.mailbox_manager_ref as managerRef', 'm.user_id as managerAccount', 'u.dept_ref as deptRef'])
        .where('u.id', '=', id).where('u.user_type', '=', MAILBOX_TYPE).executeTakeFirst();
    },
    /** A mailbox's address is also its mail address (mail_local_address), as the demo organisation keeps them. */
    async updateMailbox(id: number, patch: { userName?: string; email?: string }, now: number): Promise<boolean> {
      const set = {
        ...(patch.userName !== undefined ? { user_name: patch.userName } : {}),
        ...(patch.email !== undefined ? { email: patch.email, mail_local_address: patch.email } : {}),
        updated_at: now,
      };
      return Number((await db.updateTable('users').set(set).where('id', '=', id).where('user_type', '=', MAILBOX_TYPE).executeTakeFirst()).numUpdatedRows) === 1;
    },
    async setMailboxManager(id: number, managerRef: number, now: number): Promise<boolean> {
      const result = await db.updateTable('users').set({ mailbox_manager_ref: managerRef, updated_at: now }).where('id', '=', id).where('user_type', '=', MAILBOX_TYPE).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
