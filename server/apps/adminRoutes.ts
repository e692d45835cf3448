import type { FastifyInstance } from 'fastify';
import { adminAppsEndpoints as e } from '../../contract/endpoints/admin/apps.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: applications, their roles, approvers, grants and client secrets. */
export default async function adminAppsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.list, ({ input, services }) =>
    services.admin.apps.list({ keyword: input.keyword, enabled: input.enabled, category: input.category, sort: { field: input.sortField, order: input.sortOrder } }, input.pageNum, input.pageSize));
  serve(app, e.get, ({ input, services }) => services.admin.apps.get(input.id));
  serve(app, e.create, ({ input, services, user, caller }) => services.admin.apps.create(user, input, caller));
  serve(app, e.update, ({ input, services, user, caller }) => services.admin.apps.update(user, input, caller));
  serve(app, e.enable, ({ input, services, user, caller }) => services.admin.apps.enable(user, input.id, caller));
  serve(app, e.disable, ({ input, services, user, caller }) => services.admin.apps.disable(user, input.id, caller));
  serve(app, e.roles, ({ input, services }) => services.admin.apps.roles(input.id));
  serve(app, e.roleGroupAdd, ({ input, services, user, caller }) => services.admin.apps.addRoleGroup(user, input.appRef, input.name, caller));
  serve(app, e.roleGroupRename, ({ input, services, user, caller }) => services.admin.apps.renameRoleGroup(user, input.id, input.name, caller));
  serve(app, e.roleGroupRemove, ({ input, services, user, caller }) => services.admin.apps.removeRoleGroup(user, input.id, caller));
  serve(app, e.roleAdd, ({ input, services, user, caller }) => services.admin.apps.addRole(user, input, caller));
  serve(app, e.roleRename, ({ input, services, user, caller }) => services.admin.apps.renameRole(user, input.id, input.name, caller));
  serve(app, e.roleRemove, ({ input, services, user, caller }) => services.admin.apps.removeRole(user, input.id, caller));
  serve(app, e.approvers, ({ input, services }) => services.admin.apps.approvers(input.id));
  serve(app, e.approversAdd, ({ input, services, user, caller }) => services.admin.apps.addApprovers(user, input.id, input.userIdSet, caller));
  serve(app, e.approversRemove, ({ input, services, user, caller }) => services.admin.apps.removeApprovers(user, input.id, input.userIdSet, caller));
  serve(app, e.userGrants, ({ input, services }) => services.admin.apps.userGrants(input.id, input.pageNum, input.pageSize));
  serve(app, e.userGrantsAdd, ({ input, services, user, caller }) => services.admin.apps.grantUsers(user, input.id, input.userIdSet, caller));
  serve(app, e.userGrantsRemove, ({ input, services, user, caller }) => services.admin.apps.revokeUsers(user, input.id, input.userIdSet, caller));
  serve(app, e.groupGrants, ({ input, services }) => services.admin.apps.groupGrants(input.id, input.pageNum, input.pageSize));
  serve(app, e.groupGrantsAdd, ({ input, services, user, caller }) => services.admin.apps.grantGroups(user, input.id, input.groupIdSet, caller));
  serve(app, e.groupGrantsRemove, ({ input, services, user, caller }) => services.admin.apps.revokeGroups(user, input.id, input.groupIdSet, caller));
  serve(app, e.rotateSecret, ({ input, services, user, caller }) => services.admin.apps.rotateSecret(user, input.id, caller));
}
