import type { Access } from '../../contract/endpoint.js';
import type { AdminDuty, DutyGrant } from '../../contract/duties.js';
import type { AuthUser, ServiceContext } from '../composition/context.js';
import type { HeldDuty } from './repository.js';

/** What the caller may do beyond their own share, for the browser to hide what it may not (the door still checks). */
export interface Capabilities {
  admin: boolean;
  approver: boolean;
  manager: boolean;
  duty: AdminDuty | null;
  appOwner: boolean;
}

/** The role an endpoint's access level asks for, checked once the session is known. */
export function accessService(ctx: ServiceContext) {
  const repo = ctx.repos.access;
  // One lookup per request: the AuthUser is made afresh for each, so nothing outlives a revocation.
  const duties = new WeakMap<AuthUser, Promise<HeldDuty | null>>();
  const owners = new WeakMap<AuthUser, Promise<boolean>>();
  const remembered = <T>(map: WeakMap<AuthUser, Promise<T>>, user: AuthUser, load: () => Promise<T>): Promise<T> => {
    let found = map.get(user);
    if (!found) map.set(user, (found = load()));
    return found;
  };

  const service = {
    /** The caller's administrator duty and its reach (a department administrator's subtree). */
    dutyOf: (user: AuthUser) => remembered(duties, user, () => repo.dutyOf(user.userRef)),
    ownsAnyApp: (user: AuthUser) => remembered(owners, user, () => repo.ownsAnyApp(user.userRef)),

    /** Whether the caller may call an endpoint of this access level, and for `admin` one of these duties. */
    async holds(user: AuthUser, access: Access, grants: readonly DutyGrant[] = []): Promise<boolean> {
      switch (access) {
        case 'public':
        case 'user':
          return true;
        case 'approver':
          return repo.approvesAny(user.userRef);
        case 'manager':
          return repo.managesAny(user.userRef);
        case 'admin': {
          const held = await service.dutyOf(user);
          if (held && grants.includes(held.duty)) return true;
          return grants.includes('appOwner') && (await service.ownsAnyApp(user));
        }
      }
    },
    async capabilities(user: AuthUser): Promise<Capabilities> {
      const [held, appOwner, approver, manager] = await Promise.all([
        service.dutyOf(user), service.ownsAnyApp(user), repo.approvesAny(user.userRef), repo.managesAny(user.userRef),
      ]);
      return { admin: !!held || appOwner, approver, manager, duty: held?.duty ?? null, appOwner };
    },
  };
  return service;
}

export type AccessService = ReturnType<typeof accessService>;
