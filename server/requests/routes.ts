import type { FastifyInstance } from 'fastify';
import { permissionEndpoints as e } from '../../contract/endpoints/permissions.js';
import { serve } from '../platform/http/serve.js';
import { approver } from './service.js';

/** Permission requests, approvals and the user's own application permissions. */
export default async function permissionRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.appsByName, ({ input, services, user }) => services.requests.appsByName(user, input.appName));
  serve(app, e.rolesByApp, ({ input, services, user }) => services.requests.rolesOfApp(user, input.appId, input.roleName));
  serve(app, e.myRequests, ({ input, services, user }) =>
    services.requests.mine(user, typeof input.status === 'number' ? input.status : null, { field: input.sortField, order: input.sortOrder }, input.pageNum, input.pageSize));
  serve(app, e.apply, ({ input, services, user, caller }) => services.requests.apply(user, input, caller));
  serve(app, e.cancelApply, ({ input, services, user, caller }) => services.requests.cancel(user, input.applyId, caller));
  serve(app, e.applyDetail, ({ input, services, user }) => services.requests.detail(user, input.applyId));
  serve(app, e.awaitingApproval, ({ input, services, user }) =>
    services.requests.awaiting(user, { applyUserId: input.applyUserId, appName: input.appName }, { field: input.sortField, order: input.sortOrder }, input.pageNum, input.pageSize));
  serve(app, e.approve, ({ input, services, user, caller }) => services.requests.decide(approver(user), input.applyIdList, input, caller));

  serve(app, e.myPermissions, ({ input, services, user }) => services.permissions.mine(user, input.pageNum, input.pageSize));
  serve(app, e.cancelAppPermission, ({ input, services, user, caller }) => services.permissions.cancelApp(user, input.appId, caller));
  serve(app, e.directRoles, ({ input, services, user }) => services.permissions.directRoles(user, input.groupId));
  serve(app, e.cancelRoles, ({ input, services, user, caller }) => services.permissions.cancelRoles(user, input.groupId, input.roleIdSet, caller));
}
