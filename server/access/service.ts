import type { Access } from '../../contract/endpoint.js';
import { isAdminRole } from '../../contract/rules.js';
import type { AuthUser, ServiceContext } from '../composition/context.js';

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
    /** What the caller may do beyond their own share, for the browser to hide what it may not (the door still checks). */
    async capabilities(user: AuthUser): Promise<{ admin: boolean; approver: boolean; manager: boolean }> {
      const [codes, approver, manager] = await Promise.all([repo.roleCodes(user.userRef), repo.approvesAny(user.userRef), repo.managesAny(user.userRef)]);
      return { admin: codes.some((r) => isAdminRole(r.code)), approver, manager };
    },
  };
}

export type AccessService = ReturnType<typeof accessService>;
