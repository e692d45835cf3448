import { sql, type Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { ilike, isSqlite, mapPage, page, startsWith } from '../platform/db/paging.js';
import { reusablePage } from '../platform/db/reusablePage.js';
import { personMatches } from '../organisation/personSearch.js';

/** A group's member count as a column: the row the triggers keep (migration 0012), 0 for a group that never had one. */
export const memberNumber = (groupColumn: string) =>
  sql<number>`coalesce((select members from group_member_counts where group_member_counts.group_ref = ${sql.ref(groupColumn)}), 0)`;

/** A mail or security group and who manages it. */
export interface MailGroup {
  id: number;
  groupCode: string;
  groupName: string;
  groupType: number;
  email: string | null;
  managerRef: number;
  createdAt: number;
}

export interface MailGroupSummary extends Pick<MailGroup, 'id' | 'groupCode' | 'groupName' | 'groupType' | 'email'> {
  memberNumber: number;
}

export interface MailboxSummary {
  id: number;
  account: string;
  userName: string;
  email: string | null;
  deptName: string | null;
  userExpireDate: number | null;
}

/** A public mailbox with who manages it and its password (to replace it). */
export interface Mailbox {
  id: number;
  account: string;
  mailboxManagerRef: number | null;
  passwordHash: string | null;
}

export interface Member {
  account: string;
  userName: string;
  companyName: string | null;
  deptName: string | null;
}

/** What decides whether an account may be a member (the service's rule, not this file's). */
export interface MemberCandidate {
  id: number;
  account: string;
  userType: string;
  enabled: boolean;
  /** Where the person is placed (a department administrator adds only people of their subtree). */
  deptRef: number | null;
}

export interface PersonSummary {
  id: number;
  account: string;
  userName: string;
  deptName: string | null;
}

/** Which accounts a people search lists: leaving out one user type, and the disabled ones if asked. */
export interface PeopleScope {
  excludeUserType: string;
  enabledOnly: boolean;
}

/** Public mailboxes, mail and security groups, their members and managers. */
export function groupsRepo(db: Kysely<Database>) {
  const sqlite = isSqlite(db);
  // Newest additions first; members added together by their id, so the page walks the index of
  // migration 0011. The total is the kept count, not a count of the members.
  const membersPage = reusablePage(db, 'account', (v: { groupRef: number }) => {
    const filtered = db.selectFrom('group_members').where('group_members.group_ref', '=', v.groupRef);
    const rows = filtered.innerJoin('users', 'users.id', 'group_members.user_ref')
      .select(['users.user_id as account', 'users.user_name as userName', 'users.company_name as companyName', 'users.dept_name as deptName', 'group_members.added_at', 'group_members.user_ref'])
      .orderBy('group_members.added_at', 'desc').orderBy('group_members.user_ref', 'desc');
    const total = db.selectFrom('group_member_counts').where('group_ref', '=', v.groupRef).select(sql<number>`coalesce(sum(members), 0)`.as('total'));
    return { filtered, rows, order: 'p.added_at desc, p.user_ref desc', total };
  });
  return {
    pageMailboxes(managerRef: number, filters: { userName?: string; userId?: string }, pageNum: number, pageSize: number): Promise<PageResult<MailboxSummary>> {
      let base = db.selectFrom('users').where('user_type', '=', 'PUBLIC_MAIL').where('mailbox_manager_ref', '=', managerRef);
      if (filters.userName) base = base.where(ilike('user_name', filters.userName));
      if (filters.userId) base = base.where(ilike('user_id', filters.userId));
      return page(db, base, (q) => q.select(['id', 'user_id as account', 'user_name as userName', 'email', 'dept_name as deptName', 'user_expire_date as userExpireDate']).orderBy('user_id'), pageNum, pageSize);
    },
    findMailbox(account: string): Promise<Mailbox | undefined> {
      return db.selectFrom('users').select(['id', 'user_id as account', 'mailbox_manager_ref as mailboxManagerRef', 'password_hash as passwordHash'])
        .where('user_id', '=', account.toLowerCase()).where('user_type', '=', 'PUBLIC_MAIL').executeTakeFirst();
    },
    async pageGroups(managerRef: number, filters: { groupName?: string; groupType?: number }, pageNum: number, pageSize: number): Promise<PageResult<MailGroupSummary>> {
      let base = db.selectFrom('mail_groups as g').where('g.manager_user_ref', '=', managerRef);
      if (filters.groupName) base = base.where(ilike('g.group_name', filters.groupName));
      if (filters.groupType) base = base.where('g.group_type', '=', filters.groupType);
      const result = await page(db, base, (q) => q.select([
        'g.id', 'g.group_code as groupCode', 'g.group_name as groupName', 'g.group_type as groupType', 'g.email',
        memberNumber('g.id').as('memberNumber'),
      ]).orderBy('g.group_code'), pageNum, pageSize);
      return mapPage(result, (g) => ({ ...g, memberNumber: Number(g.memberNumber ?? 0) }));
    },
    findGroup(groupCode: string): Promise<MailGroup | undefined> {
      return db.selectFrom('mail_groups')
        .select(['id', 'group_code as groupCode', 'group_name as groupName', 'group_type as groupType', 'email', 'manager_user_ref as managerRef', 'created_at as createdAt'])
        .where('group_code', '=', groupCode).executeTakeFirst();
    },
    async pageMembers(groupRef: number, pageNum: number, pageSize: number): Promise<PageResult<Member>> {
      return mapPage(await membersPage({ groupRef }, pageNum, pageSize), ({ account, userName, companyName, deptName }) => ({ account, userName, companyName, deptName }));
    },
    /** Accounts by name, with what membership rules look at; unknown names are left out. */
    async candidatesByAccounts(accounts: string[]): Promise<MemberCandidate[]> {
      const rows = await db.selectFrom('users').select(['id', 'user_id', 'user_type', 'enabled', 'dept_ref']).where('user_id', 'in', accounts.map((a) => a.toLowerCase())).execute();
      return rows.map((r) => ({ id: r.id, account: r.user_id, userType: r.user_type, enabled: r.enabled === 1, deptRef: r.dept_ref }));
    },
    /** Of these people, the ones in the group (the primary key answers). */
    async membersAmong(groupRef: number, userRefs: number[]): Promise<Set<number>> {
      if (!userRefs.length) return new Set();
      const rows = await db.selectFrom('group_members').select('user_ref').where('group_ref', '=', groupRef).where('user_ref', 'in', userRefs).execute();
      return new Set(rows.map((r) => r.user_ref));
    },
    async addMembers(groupRef: number, userRefs: number[], now: number): Promise<number> {
      const result = await db.insertInto('group_members').values(userRefs.map((u) => ({ group_ref: groupRef, user_ref: u, added_at: now })))
        .onConflict((oc) => oc.columns(['group_ref', 'user_ref']).doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
    async removeMembers(groupRef: number, userRefs: number[]): Promise<number> {
      const result = await db.deleteFrom('group_members').where('group_ref', '=', groupRef).where('user_ref', 'in', userRefs).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** Hands the group over only if the caller still manages it (a racing transfer loses). */
    async transfer(groupRef: number, fromRef: number, toRef: number): Promise<boolean> {
      const result = await db.updateTable('mail_groups').set({ manager_user_ref: toRef }).where('id', '=', groupRef).where('manager_user_ref', '=', fromRef).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Accounts in scope whose name starts with `userName`, or whose account or name holds `keyWord` (organisation/personSearch.ts). */
    searchPeople(scope: PeopleScope, filters: { userName?: string; keyWord?: string }, pageNum: number, pageSize: number): Promise<PageResult<PersonSummary>> {
      let base = db.selectFrom('users').where('user_type', '!=', scope.excludeUserType);
      if (scope.enabledOnly) base = base.where('enabled', '=', 1);
      if (filters.userName) base = base.where(startsWith('user_name', filters.userName.trim()));
      if (filters.keyWord) {
        const kw = filters.keyWord.trim();
        if (kw) base = base.where(personMatches(kw, sqlite));
      }
      return page(db, base, (q) => q.select(['id', 'user_id as account', 'user_name as userName', 'dept_name as deptName']).orderBy('user_id'), pageNum, pageSize);
    },
  };
}
