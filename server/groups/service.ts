import type { GroupMember, MailGroup, PublicMailbox, UserSearchResult } from '../../contract/schemas/groups.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { AppError, forbidden, notFound } from '../platform/lib/errors.js';
import { mapPage } from '../platform/db/paging.js';
import type { MemberCandidate, PeopleScope } from './repository.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { CODE } from '../../contract/codes.js';
import type { GroupType } from '../../contract/enums.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { groupEndpoints } from '../../contract/endpoints/groups.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Who may be a member or the manager of a group: enabled people, never a shared mailbox. The
 * people search lists the same accounts (its scope), so whoever can be found can be added.
 */
export const GROUP_PEOPLE: PeopleScope = { excludeUserType: 'PUBLIC_MAIL', enabledOnly: true };
export const mayJoinGroups = (candidate: MemberCandidate): boolean =>
  candidate.userType !== GROUP_PEOPLE.excludeUserType && (!GROUP_PEOPLE.enabledOnly || candidate.enabled);

/** Mailboxes and groups: only their manager may see members, change them or hand them over. */
export function groupsService(ctx: ServiceContext, deps: Pick<CoreServices, 'audit' | 'sm2' | 'credentials' | 'policy'>) {
  const repo = ctx.repos.groups;

  async function managedGroup(user: AuthUser, groupCode: string) {
    const group = await repo.findGroup(groupCode);
    if (!group) throw notFound();
    if (group.managerRef !== user.userRef) throw forbidden();
    return group;
  }

  /** The accounts as people who may join groups; an unknown or ineligible one refuses the lot, named in the answer. */
  async function people(accounts: string[]): Promise<MemberCandidate[]> {
    const unique = [...new Set(accounts.map((a) => a.toLowerCase()))];
    const eligible = (await repo.candidatesByAccounts(unique)).filter(mayJoinGroups);
    if (eligible.length !== unique.length) {
      const missing = unique.filter((a) => !eligible.some((r) => r.account === a));
      throw new AppError(CODE.unknownUsers, { accounts: missing.join(', ') });
    }
    return eligible;
  }

  return {
    async mailboxes(user: AuthUser, filters: { userName?: string; userId?: string }, pageNum: number, pageSize: number): Promise<PageResult<PublicMailbox>> {
      return mapPage(await repo.pageMailboxes(user.userRef, filters, pageNum, pageSize), (m) => ({
        userId: m.account, userName: m.userName, email: m.email, workInfo: { deptName: m.deptName }, userExpireDate: iso(m.userExpireDate),
      }));
    },

    /** Sets a mailbox password (typed, SM2-encrypted; or generated and shown once). */
    async resetMailboxPassword(user: AuthUser, body: InputOf<typeof groupEndpoints.pubMailResetPwd>, caller: Caller): Promise<string | null> {
      const mailbox = await repo.findMailbox(body.userId);
      if (!mailbox) throw notFound();
      if (mailbox.mailboxManagerRef !== user.userRef) throw forbidden();
      let password: string;
      if (body.autoGen) {
        password = await deps.policy.generate();
      } else {
        if (!body.newPassword) throw new AppError(CODE.mailboxPasswordRequired);
        password = await deps.sm2.decrypt('newPassword', body.newPassword);
      }
      await deps.credentials.replacePassword(mailbox, password, { keepSessionId: null, caller, scene: 'PASSWORD_RESET_BY_MANAGER', detail: null });
      await deps.audit.operation(user.userRef, 'RESET_MAILBOX_PASSWORD', caller, mailbox.account);
      return body.autoGen ? password : null;
    },

    async groups(user: AuthUser, filters: { groupName?: string; groupType?: number }, pageNum: number, pageSize: number): Promise<PageResult<MailGroup>> {
      return mapPage(await repo.pageGroups(user.userRef, filters, pageNum, pageSize), (g) => ({
        groupCode: g.groupCode, groupName: g.groupName, groupType: g.groupType as GroupType, email: g.email, memberNumber: g.memberNumber,
      }));
    },

    async members(user: AuthUser, groupCode: string, pageNum: number, pageSize: number): Promise<PageResult<GroupMember>> {
      const group = await managedGroup(user, groupCode);
      return mapPage(await repo.pageMembers(group.id, pageNum, pageSize), (m) => ({ userId: m.account, userName: m.userName, companyName: m.companyName, deptName: m.deptName }));
    },

    async addMembers(user: AuthUser, groupCode: string, accounts: string[], caller: Caller): Promise<{ added: number }> {
      const group = await managedGroup(user, groupCode);
      const rows = await people(accounts);
      const added = await ctx.transaction(async (repos) => {
        const count = await repos.groups.addMembers(group.id, rows.map((r) => r.id), ctx.clock.now());
        await deps.audit.operation(user.userRef, 'ADD_GROUP_MEMBERS', caller, `${group.groupCode}:${rows.map((r) => r.account).join(',')}`, repos);
        return count;
      });
      return { added };
    },

    async removeMembers(user: AuthUser, groupCode: string, accounts: string[], caller: Caller): Promise<{ removed: number }> {
      const group = await managedGroup(user, groupCode);
      const rows = await people(accounts);
      const removed = await ctx.transaction(async (repos) => {
        const count = await repos.groups.removeMembers(group.id, rows.map((r) => r.id));
        await deps.audit.operation(user.userRef, 'REMOVE_GROUP_MEMBERS', caller, `${group.groupCode}:${rows.map((r) => r.account).join(',')}`, repos);
        return count;
      });
      return { removed };
    },

    async transfer(user: AuthUser, groupCode: string, managerAccount: string, caller: Caller): Promise<null> {
      const group = await managedGroup(user, groupCode);
      const [target] = await people([managerAccount]);
      if (target.id === user.userRef) throw new AppError(CODE.managerIsSelf);
      await ctx.transaction(async (repos) => {
        if (!(await repos.groups.transfer(group.id, user.userRef, target.id))) throw forbidden();
        await deps.audit.operation(user.userRef, 'TRANSFER_GROUP', caller, `${group.groupCode}->${target.account}`, repos);
        await deps.audit.operation(target.id, 'RECEIVE_GROUP', caller, group.groupCode, repos);
      });
      return null;
    },

    /** People to pick; given a group the caller manages, each says whether they are in it already (add-members shows them as such). */
    async search(user: AuthUser, filters: { userName?: string; keyWord?: string }, groupCode: string | undefined, pageNum: number, pageSize: number): Promise<PageResult<UserSearchResult>> {
      const group = groupCode === undefined ? null : await managedGroup(user, groupCode);
      if (!filters.userName && !filters.keyWord) return { datas: [], total: 0 };
      const found = await repo.searchPeople(GROUP_PEOPLE, filters, pageNum, pageSize);
      const members = group ? await repo.membersAmong(group.id, found.datas.map((u) => u.id)) : null;
      return mapPage(found, (u) => ({
        id: u.id, userId: u.account, userName: u.userName, deptName: u.deptName, ...(members ? { member: members.has(u.id) } : {}),
      }));
    },
  };
}

export type GroupsService = ReturnType<typeof groupsService>;

