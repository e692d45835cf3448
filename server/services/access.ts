import type { Access } from '../../contract/endpoint.js';
import { isAdminRole } from '../../contract/rules.js';
import type { AuthUser, ServiceContext } from './context.js';

/** The role an endpoint's access level asks for, checked once the session is known. */
export function accessService(ctx: ServiceContext) {
  const repo = ctx.repos.access;
  return {
    async holds(user: AuthUser, access: Access): Promise<boolean> {
      switch (access) {
        case 'public':
        case 'user':
          return true;
        case 'approver':
          return repo.approvesAny(user.userRef);
        case 'manager':
          return repo.managesAny(user.userRef);
        case 'admin':
          return (await repo.roleCodes(user.userRef)).some((r) => isAdminRole(r.code));
      }
    },
  };
}

export type AccessService = ReturnType<typeof accessService>;
