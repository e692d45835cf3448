import type { FastifyInstance } from 'fastify';
import { adminAppOwnersEndpoints as owners, adminAppsEndpoints as e } from '../../contract/endpoints/admin/apps.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: applications, their roles, approvers, grants and client secrets. */
export default async function adminAppsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.list, ({ input, services, user }) =>
    services.admin.apps.list(user, { keyword: input.keyword, enabled: input.enabled, category: input.category, sort: { field: input.sortField, order: input.sortOrder } }, input.pageNum, input.pageSize));
  serve(app, e.get, ({ input, services, user }) => services.admin.apps.get(user, input.id));
  serve(app, e.create, ({ input, services, user, caller }) => services.admin.apps.create(user, input, caller));
  serve(app, e.update, ({ input, services, user, caller }) => services.admin.apps.update(user, input, caller));
  serve(app, e.enable, ({ input, services, user, caller }) => services.admin.apps.enable(user, input.id, caller));
  serve(app, e.disable, ({ input, services, user, caller }) => services.admin.apps.disable(user, input.id, caller));
  serve(app, e.roles, ({ input, services, user }) => services.admin.apps.roles(user, input.id));
  serve(app, e.roleGroupAdd, ({ input, services, user, caller }) => services.admin.apps.addRoleGroup(user, input.appRef, input.name, caller));
  serve(app, e.roleGroupRename, ({ input, services, user, caller }) => services.admin.apps.renameRoleGroup(user, input.id, input.name, caller));
  serve(app, e.roleGroupRemove, ({ input, services, user, caller }) => services.admin.apps.removeRoleGroup(user, input.id, caller));
  serve(app, e.roleAdd, ({ input, services, user, caller }) => services.admin.apps.addRole(user, input, caller));
  serve(app, e.roleRename, ({ input, services, user, caller }) => services.admin.apps.renameRole(user, input.id, input.name, caller));
  serve(app, e.roleRemove, ({ input, services, user, caller }) => services.admin.apps.removeRole(user, input.id, caller));
  serve(app, e.approvers, ({ input, services, user }) => services.admin.apps.approvers(user, input.id));
  serve(app, e.approversAdd, ({ input, services, user, caller }) => services.admin.apps.addApprovers(user, input.id, input.userIdSet, caller));
  serve(app, e.approversRemove, ({ input, services, user, caller }) => services.admin.apps.removeApprovers(user, input.id, input.userIdSet, caller));
  serve(app, e.userGrants, ({ input, services, user }) => services.admin.apps.userGrants(user, input.id, input.pageNum, input.pageSize));
  serve(app, e.userGrantsAdd, ({ input, services, user, caller }) => services.admin.apps.grantUsers(user, input.id, input.userIdSet, caller));
  serve(app, e.userGrantsRemove, ({ input, services, user, caller }) => services.admin.apps.revokeUsers(user, input.id, input.userIdSet, caller));
  serve(app, e.groupGrants, ({ input, services, user }) => services.admin.apps.groupGrants(user, input.id, input.pageNum, input.pageSize));
  serve(app, e.groupGrantsAdd, ({ input, services, user, caller }) => services.admin.apps.grantGroups(user, input.id, input.groupIdSet, caller));
  serve(app, e.groupGrantsRemove, ({ input, services, user, caller }) => services.admin.apps.revokeGroups(user, input.id, input.groupIdSet, caller));
  serve(app, owners.ownersList, ({ input, services, user }) => services.admin.apps.owners(user, input.id));
  serve(app, owners.ownersAdd, ({ input, services, user, caller }) => services.admin.apps.addOwners(user, input.id, input.userIds, caller));
  serve(app, owners.ownersRemove, ({ input, services, user, caller }) => services.admin.apps.removeOwners(user, input.id, input.userIds, caller));
  serve(app, e.rotateSecret, ({ input, services, user, caller }) => services.admin.apps.rotateSecret(user, input.id, caller));
}
