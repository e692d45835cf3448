import { randomInt } from 'node:crypto';
import type { GroupMember, MailGroup, PublicMailbox, UserSearchResult } from '../../contract/schemas/groups.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { AppError, forbidden, notFound } from '../domain/errors.js';
import { mapPage } from '../repositories/paging.js';
import type { AuthUser, Caller, ServiceContext } from './context.js';
import type { CoreServices } from './deps.js';
import { CODE } from '../../contract/codes.js';
import type { GroupType } from '../../contract/enums.js';

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%^&*-_+='];

/** 16 characters from the CSPRNG with every kind present, so it always meets the policy. */
export function generatePassword(length = 16): string {
  const chars = ALPHABETS.map((a) => a[randomInt(a.length)]);
  const all = ALPHABETS.join('');
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Mailboxes and groups: only their manager may see members, change them or hand them over. */
export function groupsService(ctx: ServiceContext, deps: Pick<CoreServices, 'audit' | 'sm2' | 'credentials'>) {
  const repo = ctx.repos.groups;

  async function managedGroup(user: AuthUser, groupCode: string) {
    const group = await repo.findGroup(groupCode);
    if (!group) throw notFound();
    if (group.manager_user_ref !== user.userRef) throw forbidden();
    return group;
  }

  async function people(accounts: string[]) {
    const unique = [...new Set(accounts.map((a) => a.toLowerCase()))];
    const rows = await repo.peopleByAccounts(unique);
    if (rows.length !== unique.length) {
      const missing = unique.filter((a) => !rows.some((r) => r.user_id === a));
      throw new AppError(CODE.unknownUsers, { accounts: missing.join(', ') });
    }
    return rows;
  }

  return {
    async mailboxes(user: AuthUser, filters: { userName?: string; userId?: string }, pageNum: number, pageSize: number): Promise<PageResult<PublicMailbox>> {
      return mapPage(await repo.pageMailboxes(user.userRef, filters, pageNum, pageSize), (m) => ({
        userId: m.user_id, userName: m.user_name, email: m.email, workInfo: { deptName: m.dept_name }, userExpireDate: iso(m.user_expire_date),
      }));
    },

    /** Sets a mailbox password (typed, SM2-encrypted; or generated and shown once). */
    async resetMailboxPassword(user: AuthUser, body: { userId: string; newPassword?: string; autoGen: boolean }, caller: Caller): Promise<string | null> {
      const mailbox = await repo.findMailbox(body.userId);
      if (!mailbox) throw notFound();
      if (mailbox.mailbox_manager_ref !== user.userRef) throw forbidden();
      let password: string;
      if (body.autoGen) {
        password = generatePassword();
      } else {
        if (!body.newPassword) throw new AppError(CODE.mailboxPasswordRequired);
        password = await deps.sm2.decrypt('newPassword', body.newPassword);
      }
      await deps.credentials.replacePassword(mailbox, password, { keepSessionId: null, caller, scene: 'PASSWORD_RESET_BY_MANAGER', detail: null });
      await deps.audit.operation(user.userRef, 'RESET_MAILBOX_PASSWORD', caller, mailbox.user_id);
      return body.autoGen ? password : null;
    },

    async groups(user: AuthUser, filters: { groupName?: string; groupType?: number }, pageNum: number, pageSize: number): Promise<PageResult<MailGroup>> {
      return mapPage(await repo.pageGroups(user.userRef, filters, pageNum, pageSize), (g) => ({
        groupCode: g.group_code, groupName: g.group_name, groupType: g.group_type as GroupType, email: g.email, memberNumber: Number(g.member_number ?? 0),
      }));
    },

    async members(user: AuthUser, groupCode: string, pageNum: number, pageSize: number): Promise<PageResult<GroupMember>> {
      const group = await managedGroup(user, groupCode);
      return mapPage(await repo.pageMembers(group.id, pageNum, pageSize), (m) => ({ userId: m.user_id, userName: m.user_name, companyName: m.company_name, deptName: m.dept_name }));
    },

    async addMembers(user: AuthUser, groupCode: string, accounts: string[], caller: Caller): Promise<{ added: number }> {
      const group = await managedGroup(user, groupCode);
      const rows = await people(accounts);
      const added = await repo.addMembers(group.id, rows.map((r) => r.id), ctx.clock.now());
      await deps.audit.operation(user.userRef, 'ADD_GROUP_MEMBERS', caller, `${group.group_code}:${rows.map((r) => r.user_id).join(',')}`);
      return { added };
    },

    async removeMembers(user: AuthUser, groupCode: string, accounts: string[], caller: Caller): Promise<{ removed: number }> {
      const group = await managedGroup(user, groupCode);
      const rows = await people(accounts);
      const removed = await repo.removeMembers(group.id, rows.map((r) => r.id));
      await deps.audit.operation(user.userRef, 'REMOVE_GROUP_MEMBERS', caller, `${group.group_code}:${rows.map((r) => r.user_id).join(',')}`);
      return { removed };
    },

    async transfer(user: AuthUser, groupCode: string, managerAccount: string, caller: Caller): Promise<null> {
      const group = await managedGroup(user, groupCode);
      const [target] = await people([managerAccount]);
      if (target.id === user.userRef) throw new AppError(CODE.managerIsSelf);
      if (!(await repo.transfer(group.id, user.userRef, target.id))) throw forbidden();
      await deps.audit.operation(user.userRef, 'TRANSFER_GROUP', caller, `${group.group_code}->${target.user_id}`);
      await deps.audit.operation(target.id, 'RECEIVE_GROUP', caller, group.group_code);
      return null;
    },

    async search(filters: { userName?: string; keyWord?: string }, pageNum: number, pageSize: number): Promise<PageResult<UserSearchResult>> {
      if (!filters.userName && !filters.keyWord) return { datas: [], total: 0 };
      return mapPage(await repo.searchPeople(filters, pageNum, pageSize), (u) => ({ id: u.id, userId: u.user_id, userName: u.user_name, deptName: u.dept_name }));
    },
  };
}

export type GroupsService = ReturnType<typeof groupsService>;

