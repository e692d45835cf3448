import type { AdminRoleGroup, AppPerson, GroupGrant, UserGrant } from '../../contract/schemas/admin/apps.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { CODE } from '../../contract/codes.js';
import type { GroupType } from '../../contract/enums.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import { mapPage } from '../platform/db/paging.js';
import type { AdminAppRecord } from './adminRepository.js';
import type { Repos } from '../composition/repositories.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { peopleByAccounts } from '../groups/adminPeople.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminAppsEndpoints } from '../../contract/endpoints/admin/apps.js';

const iso = (ms: number) => new Date(ms).toISOString();
/** An application as the audit names it (shared with adminService.ts, so both halves of the service write the same target). */
export const appTarget = (a: Pick<AdminAppRecord, 'appId'>) => `app:${a.appId}`;

/**
 * Workbench: an application's role groups and roles, its approvers, and who may use it — people
 * granted it directly and groups whose members may (the portal counts both on every launch).
 *
 * A role is removed only when nobody holds it and no request awaiting approval names it (E40204,
 * E40205): quietly stripping people's roles is not what "remove a role" should mean. The way
 * through is to revoke those people's grant of the application (which takes their roles too) and
 * to decide the pending requests first.
 */
export function appsAccessService(ctx: ServiceContext, base: BaseServices, found: (actor: AuthUser, id: number) => Promise<AdminAppRecord>, absent: (actor: AuthUser) => Promise<AppError>) {
  const repo = ctx.repos.admin.apps;

  // A role or role group of an application outside the reach answers as the application does (E60205); so does an id nobody has, to an owner.
  async function roleGroup(actor: AuthUser, id: number) {
    const group = await repo.findRoleGroup(id);
    if (!group) throw await absent(actor);
    return { group, app: await found(actor, group.appRef) };
  }

  async function role(actor: AuthUser, id: number) {
    const row = await repo.findRole(id);
    if (!row) throw await absent(actor);
    return { role: row, app: await found(actor, row.appRef) };
  }

  /** Removes roles inside the caller's unit of work, or refuses (and so rolls everything back). */
  async function removeRoles(repos: Repos, appRef: number, roleIds: number[]): Promise<void> {
    if (!roleIds.length) return;
    const pending = await repos.admin.apps.pendingRoleIds(appRef);
    if (roleIds.some((r) => pending.has(r))) throw new AppError(CODE.roleRequested);
    if (await repos.admin.apps.anyHeld(roleIds)) throw new AppError(CODE.roleHeld);
    // The delete itself skips a role granted meanwhile: fewer rows gone means someone holds one now.
    if ((await repos.admin.apps.deleteUnheldRoles(roleIds)) !== roleIds.length) throw new AppError(CODE.roleHeld);
  }

  /** A change of the owners in one transaction with its audit row (the owners before and after). */
  async function changeOwners(actor: AuthUser, app: AdminAppRecord, caller: Caller, scene: string, change: (repos: Repos) => Promise<number>): Promise<number> {
    return ctx.transaction(async (repos) => {
      const before = (await repos.admin.apps.owners(app.id)).map((p) => p.account);
      const count = await change(repos);
      const after = (await repos.admin.apps.owners(app.id)).map((p) => p.account);
      await base.audit.adminChange(actor.userRef, scene, appTarget(app), { before: { owners: before }, after: { owners: after } }, caller, repos);
      return count;
    });
  }

  /** The named groups, each once; unknown ids refuse the whole action, named in the answer. */
  async function groupsByIds(ids: number[]) {
    const unique = [...new Set(ids)];
    const groups = await repo.groupsByIds(unique);
    if (groups.length !== unique.length) {
      const missing = unique.filter((g) => !groups.some((r) => r.id === g));
      throw new AppError(CODE.unknownGroups, { groups: missing.join(', ') });
    }
    return groups;
  }

  return {
    async roles(actor: AuthUser, id: number): Promise<AdminRoleGroup[]> {
      const app = await found(actor, id);
      const [groups, roles] = await Promise.all([repo.roleGroups(app.id), repo.rolesWithHolders(app.id)]);
      return groups.map((g) => ({
        id: g.id, name: g.name,
        roles: roles.filter((r) => r.groupRef === g.id).map((r) => ({ id: r.id, code: r.code, name: r.name, holders: r.holders })),
      }));
    },

    async addRoleGroup(actor: AuthUser, appRef: number, name: string, caller: Caller): Promise<{ id: number }> {
      const app = await found(actor, appRef);
      const id = await ctx.transaction(async (repos) => {
        const created = await repos.admin.apps.insertRoleGroup(app.id, name);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_ROLE_GROUP_ADD', appTarget(app), { after: { roleGroup: { id: created, name } } }, caller, repos);
        return created;
      });
      return { id };
    },

    async renameRoleGroup(actor: AuthUser, id: number, name: string, caller: Caller): Promise<null> {
      const { group, app } = await roleGroup(actor, id);
      await ctx.transaction(async (repos) => {
        if (!(await repos.admin.apps.renameRoleGroup(id, name))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_ROLE_GROUP_RENAME', appTarget(app), { before: { roleGroup: { id, name: group.name } }, after: { roleGroup: { id, name } } }, caller, repos);
      });
      return null;
    },

    async removeRoleGroup(actor: AuthUser, id: number, caller: Caller): Promise<null> {
      const { group, app } = await roleGroup(actor, id);
      await ctx.transaction(async (repos) => {
        const roles = await repos.admin.apps.rolesOfGroup(id);
        await removeRoles(repos, app.id, roles.map((r) => r.id));
        if (!(await repos.admin.apps.deleteRoleGroup(id))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_ROLE_GROUP_REMOVE', appTarget(app), {
          before: { roleGroup: { id, name: group.name, roles: roles.map((r) => r.code) } }, after: null,
        }, caller, repos);
      });
      return null;
    },

    async addRole(actor: AuthUser, body: InputOf<typeof adminAppsEndpoints.roleAdd>, caller: Caller): Promise<{ id: number }> {
      const { group, app } = await roleGroup(actor, body.groupId);
      if (await repo.roleCodeUsed(app.id, body.code)) throw new AppError(CODE.roleCodeTaken);
      const id = await ctx.transaction(async (repos) => {
        const created = await repos.admin.apps.insertRole(group.id, body.code, body.name);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_ROLE_ADD', appTarget(app), { after: { role: { id: created, roleGroup: group.name, code: body.code, name: body.name } } }, caller, repos);
        return created;
      });
      return { id };
    },

    async renameRole(actor: AuthUser, id: number, name: string, caller: Caller): Promise<null> {
      const { role: current, app } = await role(actor, id);
      await ctx.transaction(async (repos) => {
        if (!(await repos.admin.apps.renameRole(id, name))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_ROLE_RENAME', appTarget(app), {
          before: { role: { id, code: current.code, name: current.name } }, after: { role: { id, code: current.code, name } },
        }, caller, repos);
      });
      return null;
    },

    async removeRole(actor: AuthUser, id: number, caller: Caller): Promise<null> {
      const { role: current, app } = await role(actor, id);
      await ctx.transaction(async (repos) => {
        await removeRoles(repos, app.id, [id]);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_ROLE_REMOVE', appTarget(app), { before: { role: { id, code: current.code, name: current.name } }, after: null }, caller, repos);
      });
      return null;
    },

    async approvers(actor: AuthUser, id: number): Promise<AppPerson[]> {
      const app = await found(actor, id);
      return (await repo.approvers(app.id)).map((p) => ({ userId: p.account, userName: p.userName, deptName: p.deptName }));
    },

    /** Approvers follow the personal centre's rule for group members: enabled people, not shared mailboxes. */
    async addApprovers(actor: AuthUser, id: number, accounts: string[], caller: Caller): Promise<{ added: number }> {
      const app = await found(actor, id);
      const people = await peopleByAccounts(ctx.repos, accounts, true);
      const added = await ctx.transaction(async (repos) => {
        const before = (await repos.admin.apps.approvers(app.id)).map((p) => p.account);
        const count = await repos.admin.apps.addApprovers(app.id, people.map((p) => p.id));
        const after = (await repos.admin.apps.approvers(app.id)).map((p) => p.account);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_APPROVERS_ADD', appTarget(app), { before: { approvers: before }, after: { approvers: after } }, caller, repos);
        return count;
      });
      return { added };
    },

    async removeApprovers(actor: AuthUser, id: number, accounts: string[], caller: Caller): Promise<{ removed: number }> {
      const app = await found(actor, id);
      const people = await peopleByAccounts(ctx.repos, accounts, false);
      const removed = await ctx.transaction(async (repos) => {
        const before = (await repos.admin.apps.approvers(app.id)).map((p) => p.account);
        const count = await repos.admin.apps.removeApprovers(app.id, people.map((p) => p.id));
        const after = (await repos.admin.apps.approvers(app.id)).map((p) => p.account);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_APPROVERS_REMOVE', appTarget(app), { before: { approvers: before }, after: { approvers: after } }, caller, repos);
        return count;
      });
      return { removed };
    },

    async owners(actor: AuthUser, id: number): Promise<AppPerson[]> {
      const app = await found(actor, id);
      return (await repo.owners(app.id)).map((p) => ({ userId: p.account, userName: p.userName, deptName: p.deptName }));
    },

    /** Owners, like approvers, are enabled people (not shared mailboxes); the change is audited with the list before and after. */
    async addOwners(actor: AuthUser, id: number, accounts: string[], caller: Caller): Promise<{ added: number }> {
      const app = await found(actor, id);
      const people = await peopleByAccounts(ctx.repos, accounts, true);
      return { added: await changeOwners(actor, app, caller, 'ADMIN_APP_OWNERS_ADD', (repos) => repos.admin.apps.addOwners(app.id, people.map((p) => p.id), ctx.clock.now())) };
    },

    async removeOwners(actor: AuthUser, id: number, accounts: string[], caller: Caller): Promise<{ removed: number }> {
      const app = await found(actor, id);
      const people = await peopleByAccounts(ctx.repos, accounts, false);
      return { removed: await changeOwners(actor, app, caller, 'ADMIN_APP_OWNERS_REMOVE', (repos) => repos.admin.apps.removeOwners(app.id, people.map((p) => p.id))) };
    },

    async userGrants(actor: AuthUser, id: number, pageNum: number, pageSize: number): Promise<PageResult<UserGrant>> {
      const app = await found(actor, id);
      return mapPage(await repo.pageUserGrants(app.id, pageNum, pageSize), (g) => ({ userId: g.account, userName: g.userName, deptName: g.deptName, grantedAt: iso(g.grantedAt) }));
    },

    async grantUsers(actor: AuthUser, id: number, accounts: string[], caller: Caller): Promise<{ added: number }> {
      const app = await found(actor, id);
      const people = await peopleByAccounts(ctx.repos, accounts, false);
      const refs = people.map((p) => p.id);
      const accountOf = (ref: number) => people.find((p) => p.id === ref)!.account;
      const added = await ctx.transaction(async (repos) => {
        const before = (await repos.admin.apps.usersGrantedAmong(app.id, refs)).map(accountOf);
        const count = await repos.admin.apps.addUserGrants(app.id, refs, ctx.clock.now());
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_USERS_GRANT', appTarget(app), { before: { granted: before }, after: { granted: people.map((p) => p.account) } }, caller, repos);
        return count;
      });
      return { added };
    },

    async revokeUsers(actor: AuthUser, id: number, accounts: string[], caller: Caller): Promise<{ removed: number }> {
      const app = await found(actor, id);
      const people = await peopleByAccounts(ctx.repos, accounts, false);
      const refs = people.map((p) => p.id);
      const accountOf = (ref: number) => people.find((p) => p.id === ref)!.account;
      const removed = await ctx.transaction(async (repos) => {
        const before = (await repos.admin.apps.usersGrantedAmong(app.id, refs)).map(accountOf);
        const count = await repos.admin.apps.removeUserGrants(app.id, refs);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_USERS_REVOKE', appTarget(app), { before: { granted: before }, after: { granted: [] } }, caller, repos);
        return count;
      });
      return { removed };
    },

    async groupGrants(actor: AuthUser, id: number, pageNum: number, pageSize: number): Promise<PageResult<GroupGrant>> {
      const app = await found(actor, id);
      return mapPage(await repo.pageGroupGrants(app.id, pageNum, pageSize), (g) => ({
        groupId: g.groupRef, groupCode: g.groupCode, groupName: g.groupName, groupType: g.groupType as GroupType, memberNumber: g.memberNumber, grantedAt: iso(g.grantedAt),
      }));
    },

    async grantGroups(actor: AuthUser, id: number, groupIds: number[], caller: Caller): Promise<{ added: number }> {
      const app = await found(actor, id);
      const groups = await groupsByIds(groupIds);
      const refs = groups.map((g) => g.id);
      const codeOf = (ref: number) => groups.find((g) => g.id === ref)!.groupCode;
      const added = await ctx.transaction(async (repos) => {
        const before = (await repos.admin.apps.groupsGrantedAmong(app.id, refs)).map(codeOf);
        const count = await repos.admin.apps.addGroupGrants(app.id, refs, ctx.clock.now());
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_GROUPS_GRANT', appTarget(app), { before: { granted: before }, after: { granted: groups.map((g) => g.groupCode) } }, caller, repos);
        return count;
      });
      return { added };
    },

    async revokeGroups(actor: AuthUser, id: number, groupIds: number[], caller: Caller): Promise<{ removed: number }> {
      const app = await found(actor, id);
      const groups = await groupsByIds(groupIds);
      const refs = groups.map((g) => g.id);
      const codeOf = (ref: number) => groups.find((g) => g.id === ref)!.groupCode;
      const removed = await ctx.transaction(async (repos) => {
        const before = (await repos.admin.apps.groupsGrantedAmong(app.id, refs)).map(codeOf);
        const count = await repos.admin.apps.removeGroupGrants(app.id, refs);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_GROUPS_REVOKE', appTarget(app), { before: { granted: before }, after: { granted: [] } }, caller, repos);
        return count;
      });
      return { removed };
    },
  };
}
