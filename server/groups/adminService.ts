import type { AdminGroupRow } from '../../contract/schemas/admin/groups.js';
import type { PageResult } from '../../contract/schemas/common.js';
import type { GroupMember } from '../../contract/schemas/groups.js';
import { CODE } from '../../contract/codes.js';
import { GroupType } from '../../contract/enums.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import { mapPage } from '../platform/db/paging.js';
import type { AdminGroupRecord, AdminMailboxRecord, GroupListFilters, GroupRowRecord } from './adminRepository.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { peopleByAccounts } from './adminPeople.js';
import { confineDepts, outsideScope, reaches, refuseOutside, type PeopleScope } from '../administrators/scope.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminGroupsEndpoints } from '../../contract/endpoints/admin/groups.js';

const toRow = (r: GroupRowRecord): AdminGroupRow => ({
  kind: r.kind, id: r.id, code: r.code, name: r.name, email: r.email, managerUserId: r.managerAccount, managerName: r.managerName, memberNumber: r.memberNumber,
});

const groupView = (g: AdminGroupRecord) => ({ groupCode: g.groupCode, groupName: g.groupName, groupType: g.groupType, email: g.email, manager: g.managerAccount });
const mailboxView = (m: AdminMailboxRecord) => ({ account: m.account, userName: m.userName, email: m.email, manager: m.managerAccount });

/** A mail group has an address; a security group has none. */
function checkEmail(groupType: number, email: string | null): void {
  if (groupType === GroupType.MAIL && !email) throw new AppError(CODE.mailGroupNeedsEmail);
  if (groupType === GroupType.SECURITY && email) throw new AppError(CODE.securityGroupHasNoEmail);
}

/**
 * Workbench: every group and shared mailbox, whoever manages it. Managers set here are the
 * ones the personal centre goes by (mail_groups.manager_user_ref, users.mailbox_manager_ref);
 * members and managers follow the personal centre's eligibility rule (groups/service.ts).
 *
 * A department administrator's groups are those whose manager is placed in their subtree, and
 * the shared mailboxes placed there: they see and change only those (E60205 otherwise, the same
 * answer as an id nobody has), name managers and add members only from the subtree, and may
 * remove anyone from a group of theirs (a membership they may not see would otherwise stick).
 */
export function adminGroupsService(ctx: ServiceContext, base: BaseServices) {
  const repo = ctx.repos.admin.groups;
  const target = (g: Pick<AdminGroupRecord, 'groupCode'>) => `group:${g.groupCode}`;

  const absent = (scope: PeopleScope) => (scope.kind === 'all' ? notFound() : outsideScope());

  async function group(id: number, scope: PeopleScope): Promise<AdminGroupRecord> {
    const found = await repo.findGroup(id);
    if (!found) throw absent(scope);
    if (!reaches(scope, found.managerDeptRef)) throw outsideScope();
    return found;
  }
  async function mailbox(id: number, scope: PeopleScope): Promise<AdminMailboxRecord> {
    const found = await repo.findMailbox(id);
    if (!found) throw absent(scope);
    if (!reaches(scope, found.deptRef)) throw outsideScope();
    return found;
  }
  /** The people an action names, each within the reach (E60205 otherwise). */
  async function people(scope: PeopleScope, accounts: string[], eligible: Parameters<typeof peopleByAccounts>[2]) {
    const found = await peopleByAccounts(ctx.repos, accounts, eligible);
    for (const person of found) refuseOutside(scope, person.deptRef);
    return found;
  }

  return {
    async list(scope: PeopleScope, filters: GroupListFilters, pageNum: number, pageSize: number): Promise<PageResult<AdminGroupRow>> {
      return mapPage(await repo.pageRows({ ...filters, deptRefs: confineDepts(scope, undefined) }, pageNum, pageSize), toRow);
    },

    async get(scope: PeopleScope, id: number): Promise<AdminGroupRow> {
      await group(id, scope);
      const row = await repo.findGroupRow(id);
      if (!row) throw notFound();
      return toRow(row);
    },

    async create(actor: AuthUser, body: InputOf<typeof adminGroupsEndpoints.create>, caller: Caller, scope: PeopleScope): Promise<{ id: number }> {
      const email = body.email ?? null;
      checkEmail(body.groupType, email);
      const [manager] = await people(scope, [body.managerUserId], true);
      if (await repo.codeTaken(body.groupCode)) throw new AppError(CODE.groupCodeTaken);
      const id = await ctx.transaction(async (repos) => {
        const created = await repos.admin.groups.insertGroup({ groupCode: body.groupCode, groupName: body.groupName, groupType: body.groupType, email, managerRef: manager.id, createdAt: ctx.clock.now() });
        if (created === null) throw new AppError(CODE.groupCodeTaken);
        const after = await repos.admin.groups.findGroup(created);
        await base.audit.adminChange(actor.userRef, 'ADMIN_GROUP_CREATE', target(body), { after: after && groupView(after) }, caller, repos);
        return created;
      });
      return { id };
    },

    async update(actor: AuthUser, body: InputOf<typeof adminGroupsEndpoints.update>, caller: Caller, scope: PeopleScope): Promise<null> {
      const current = await group(body.id, scope);
      checkEmail(current.groupType, body.email === undefined ? current.email : body.email);
      await ctx.transaction(async (repos) => {
        if (!(await repos.admin.groups.updateGroup(body.id, { groupName: body.groupName, email: body.email }))) throw notFound();
        const after = await repos.admin.groups.findGroup(body.id);
        await base.audit.adminChange(actor.userRef, 'ADMIN_GROUP_UPDATE', target(current), { before: groupView(current), after: after && groupView(after) }, caller, repos);
      });
      return null;
    },

    async setManager(actor: AuthUser, id: number, managerAccount: string, caller: Caller, scope: PeopleScope): Promise<null> {
      const current = await group(id, scope);
      const [manager] = await people(scope, [managerAccount], true);
      await ctx.transaction(async (repos) => {
        if (!(await repos.admin.groups.setGroupManager(id, manager.id))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_GROUP_MANAGER', target(current), { before: { manager: current.managerAccount }, after: { manager: manager.account } }, caller, repos);
      });
      return null;
    },

    /** The group goes with its memberships and the application grants made to it, in one transaction. */
    async delete(actor: AuthUser, id: number, caller: Caller, scope: PeopleScope): Promise<null> {
      const current = await group(id, scope);
      await ctx.transaction(async (repos) => {
        const [members, apps] = [await repos.admin.groups.countMembers(id), await repos.admin.groups.grantedApps(id)];
        if (!(await repos.admin.groups.deleteGroup(id))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_GROUP_DELETE', target(current), { before: { ...groupView(current), memberNumber: members, grantedApps: apps }, after: null }, caller, repos);
      });
      return null;
    },

    async members(scope: PeopleScope, id: number, pageNum: number, pageSize: number): Promise<PageResult<GroupMember>> {
      const current = await group(id, scope);
      return mapPage(await ctx.repos.groups.pageMembers(current.id, pageNum, pageSize), (m) => ({ userId: m.account, userName: m.userName, companyName: m.companyName, deptName: m.deptName }));
    },

    /** `anyState`: people join whatever their state (provisioning; the workbench adds enabled people only). */
    async addMembers(actor: AuthUser, id: number, accounts: string[], caller: Caller, scope: PeopleScope, opts: { anyState?: boolean } = {}): Promise<{ added: number }> {
      const current = await group(id, scope);
      const joining = await people(scope, accounts, opts.anyState ? 'anyState' : true);
      const refs = joining.map((p) => p.id);
      const added = await ctx.transaction(async (repos) => {
        const before = await repos.admin.groups.memberAccounts(id, refs);
        const count = await repos.groups.addMembers(id, refs, ctx.clock.now());
        await base.audit.adminChange(actor.userRef, 'ADMIN_GROUP_MEMBERS_ADD', target(current), { before: { members: before }, after: { members: joining.map((p) => p.account).sort() } }, caller, repos);
        return count;
      });
      return { added };
    },

    async removeMembers(actor: AuthUser, id: number, accounts: string[], caller: Caller, scope: PeopleScope): Promise<{ removed: number }> {
      const current = await group(id, scope);
      const leaving = await peopleByAccounts(ctx.repos, accounts, false);
      const refs = leaving.map((p) => p.id);
      const removed = await ctx.transaction(async (repos) => {
        const before = await repos.admin.groups.memberAccounts(id, refs);
        const count = await repos.groups.removeMembers(id, refs);
        await base.audit.adminChange(actor.userRef, 'ADMIN_GROUP_MEMBERS_REMOVE', target(current), { before: { members: before }, after: { members: [] } }, caller, repos);
        return count;
      });
      return { removed };
    },

    async updateMailbox(actor: AuthUser, body: InputOf<typeof adminGroupsEndpoints.mailboxUpdate>, caller: Caller, scope: PeopleScope): Promise<null> {
      const current = await mailbox(body.id, scope);
      await ctx.transaction(async (repos) => {
        if (!(await repos.admin.groups.updateMailbox(body.id, { userName: body.userName, email: body.email }, ctx.clock.now()))) throw notFound();
        const after = await repos.admin.groups.findMailbox(body.id);
        await base.audit.adminChange(actor.userRef, 'ADMIN_MAILBOX_UPDATE', `mailbox:${current.account}`, { before: mailboxView(current), after: after && mailboxView(after) }, caller, repos);
      });
      return null;
    },

    async setMailboxManager(actor: AuthUser, id: number, managerAccount: string, caller: Caller, scope: PeopleScope): Promise<null> {
      const current = await mailbox(id, scope);
      const [manager] = await people(scope, [managerAccount], true);
      await ctx.transaction(async (repos) => {
        if (!(await repos.admin.groups.setMailboxManager(id, manager.id, ctx.clock.now()))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_MAILBOX_MANAGER', `mailbox:${current.account}`, { before: { manager: current.managerAccount }, after: { manager: manager.account } }, caller, repos);
      });
      return null;
    },
  };
}

export type AdminGroupsService = ReturnType<typeof adminGroupsService>;
