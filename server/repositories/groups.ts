import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ilike, page, startsWith } from './paging.js';

/** Public mailboxes, mail and security groups, their members and managers. */
export function groupsRepo(db: Kysely<Database>) {
  return {
    pageMailboxes(managerRef: number, filters: { userName?: string; userId?: string }, pageNum: number, pageSize: number) {
      let base = db.selectFrom('users').where('user_type', '=', 'PUBLIC_MAIL').where('mailbox_manager_ref', '=', managerRef);
      if (filters.userName) base = base.where(ilike('user_name', filters.userName));
      if (filters.userId) base = base.where(ilike('user_id', filters.userId));
      return page(db, base, (q) => q.select(['id', 'user_id', 'user_name', 'email', 'dept_name', 'user_expire_date']).orderBy('user_id'), pageNum, pageSize);
    },
    findMailbox(account: string) {
      return db.selectFrom('users').select(['id', 'user_id', 'mailbox_manager_ref', 'password_hash']).where('user_id', '=', account.toLowerCase()).where('user_type', '=', 'PUBLIC_MAIL').executeTakeFirst();
    },
    pageGroups(managerRef: number, filters: { groupName?: string; groupType?: number }, pageNum: number, pageSize: number) {
      let base = db.selectFrom('mail_groups as g').where('g.manager_user_ref', '=', managerRef);
      if (filters.groupName) base = base.where(ilike('g.group_name', filters.groupName));
      if (filters.groupType) base = base.where('g.group_type', '=', filters.groupType);
      return page(db, base, (q) => q.select((eb) => [
        'g.id', 'g.group_code', 'g.group_name', 'g.group_type', 'g.email',
        eb.selectFrom('group_members').select((e) => e.fn.countAll<number>().as('n')).whereRef('group_members.group_ref', '=', 'g.id').as('member_number'),
      ]).orderBy('g.group_code'), pageNum, pageSize);
    },
    findGroup(groupCode: string) {
      return db.selectFrom('mail_groups').selectAll().where('group_code', '=', groupCode).executeTakeFirst();
    },
    pageMembers(groupRef: number, pageNum: number, pageSize: number) {
      const base = db.selectFrom('group_members').where('group_members.group_ref', '=', groupRef);
      return page(db, base, (q) => q.innerJoin('users', 'users.id', 'group_members.user_ref').select(['users.user_id', 'users.user_name', 'users.company_name', 'users.dept_name']).orderBy('group_members.added_at', 'desc').orderBy('users.user_id'), pageNum, pageSize);
    },
    /** Account names → ids of enabled people (not mailboxes); unknown names are left out. */
    peopleByAccounts(accounts: string[]) {
      return db.selectFrom('users').select(['id', 'user_id']).where('user_id', 'in', accounts.map((a) => a.toLowerCase()))
        .where('user_type', '!=', 'PUBLIC_MAIL').where('enabled', '=', 1).execute();
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
    /** People whose name, or account, starts with the text: index ranges, fast at any size. */
    searchPeople(filters: { userName?: string; keyWord?: string }, pageNum: number, pageSize: number) {
      let base = db.selectFrom('users').where('user_type', '!=', 'PUBLIC_MAIL').where('enabled', '=', 1);
      if (filters.userName) base = base.where(startsWith('user_name', filters.userName.trim()));
      if (filters.keyWord) {
        const kw = filters.keyWord.trim();
        base = base.where((eb) => eb.or([startsWith('user_id', kw.toLowerCase()), startsWith('user_name', kw)]));
      }
      return page(db, base, (q) => q.select(['id', 'user_id', 'user_name', 'dept_name']).orderBy('user_id'), pageNum, pageSize);
    },
  };
}
