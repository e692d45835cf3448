import type { PermissionRow, RoleOption } from '../../contract/schemas/permissions.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { AuditService } from '../audit/service.js';
import { CODE } from '../../contract/codes.js';

/** What the user holds: application permissions and direct roles, which they may give up. */
export function permissionsService(ctx: ServiceContext, audit: AuditService) {
  const repo = ctx.repos.permissions;
  return {
    mine: (user: AuthUser, pageNum: number, pageSize: number): Promise<PageResult<PermissionRow>> => repo.pageUserPermissions(user.userRef, pageNum, pageSize),

    async cancelApp(user: AuthUser, appId: string, caller: Caller): Promise<null> {
      const app = await ctx.repos.apps.findByAppId(appId);
      if (!app) throw notFound();
      const removed = await ctx.transaction((repos) => repos.permissions.revokeApp(user.userRef, app.id));
      if (!removed) throw new AppError(CODE.permissionNotHeld);
      await audit.operation(user.userRef, 'CANCEL_APP_PERMISSION', caller, app.appId);
      return null;
    },

    async directRoles(user: AuthUser, groupId: number): Promise<RoleOption[]> {
      if (!(await repo.groupOf(groupId))) throw notFound();
      return repo.directRoles(user.userRef, groupId);
    },

    async cancelRoles(user: AuthUser, groupId: number, roleIds: number[], caller: Caller): Promise<{ removed: number }> {
      if (!(await repo.groupOf(groupId))) throw notFound();
      const removed = await repo.revokeRoles(user.userRef, groupId, roleIds);
      if (removed === 0) throw new AppError(CODE.rolesNotHeld);
      await audit.operation(user.userRef, 'CANCEL_ROLES', caller, `group#${groupId}:${roleIds.join(',')}`);
      return { removed };
    },
  };
}

export type PermissionsService = ReturnType<typeof permissionsService>;
