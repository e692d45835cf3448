import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.js';
import {
  appByNameBody, appIdBody, applyBody, applyIdBody, approvalBody, approvalListBody, cancelRolesBody, groupIdBody, myPermissionsBody, myRequestsBody, rolesByAppBody,
} from '../../contract/schemas/permissions.js';
import { userRoute } from '../http/route.js';

/** Permission requests, approvals and the user's own application permissions. */
export default async function permissionRoutes(app: FastifyInstance): Promise<void> {
  userRoute(app, 'POST', paths.app.appsByName, appByNameBody, ({ body, services }) => services.requests.appsByName(body.appName));
  userRoute(app, 'POST', paths.auty.rolesByApp, rolesByAppBody, ({ body, services }) => services.requests.rolesOfApp(body.appId, body.roleName));
  userRoute(app, 'POST', paths.auty.myRequests, myRequestsBody, ({ body, services, user }) =>
    services.requests.mine(user, typeof body.status === 'number' ? body.status : null, body.pageNum, body.pageSize));
  userRoute(app, 'POST', paths.auty.apply, applyBody, ({ body, services, user, caller }) => services.requests.apply(user, body, caller));
  userRoute(app, 'POST', paths.auty.cancelApply, applyIdBody, ({ body, services, user, caller }) => services.requests.cancel(user, body.applyId, caller));
  userRoute(app, 'POST', paths.auty.applyDetail, applyIdBody, ({ body, services, user }) => services.requests.detail(user, body.applyId));
  userRoute(app, 'POST', paths.auty.awaitingApproval, approvalListBody, ({ body, services, user }) =>
    services.requests.awaiting(user, { applyUserId: body.applyUserId, appName: body.appName }, body.pageNum, body.pageSize));
  userRoute(app, 'POST', paths.auty.approve, approvalBody, ({ body, services, user, caller }) => services.requests.decide(user, body, caller));

  userRoute(app, 'POST', paths.auty.myPermissions, myPermissionsBody, ({ body, services, user }) => services.permissions.mine(user, body.pageNum, body.pageSize));
  userRoute(app, 'POST', paths.auty.cancelAppPermission, appIdBody, ({ body, services, user, caller }) => services.permissions.cancelApp(user, body.appId, caller));
  userRoute(app, 'POST', paths.auty.directRoles, groupIdBody, ({ body, services, user }) => services.permissions.directRoles(user, body.groupId));
  userRoute(app, 'POST', paths.auty.cancelRoles, cancelRolesBody, ({ body, services, user, caller }) => services.permissions.cancelRoles(user, body.groupId, body.roleIdSet, caller));
}
