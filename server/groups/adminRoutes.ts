import type { FastifyInstance } from 'fastify';
import { adminGroupsEndpoints as e } from '../../contract/endpoints/admin/groups.js';
import { serve } from '../platform/http/serve.js';
import type { Services } from '../composition/services.js';
import type { AuthUser } from '../composition/context.js';

/** Workbench: groups, shared mailboxes, their managers and members. */
export default async function adminGroupsRoutes(app: FastifyInstance): Promise<void> {
  // A department administrator reaches the groups of their subtree only (administrators/scope.ts).
  const reach = (services: Services, user: AuthUser) => services.admin.scope.people(user);
  serve(app, e.list, async ({ input, services, user }) =>
    services.admin.groups.list(await reach(services, user), { keyword: input.keyword, kind: input.kind, sort: { field: input.sortField, order: input.sortOrder } }, input.pageNum, input.pageSize));
  serve(app, e.get, async ({ input, services, user }) => services.admin.groups.get(await reach(services, user), input.id));
  serve(app, e.create, async ({ input, services, user, caller }) => services.admin.groups.create(user, input, caller, await reach(services, user)));
  serve(app, e.update, async ({ input, services, user, caller }) => services.admin.groups.update(user, input, caller, await reach(services, user)));
  serve(app, e.setManager, async ({ input, services, user, caller }) => services.admin.groups.setManager(user, input.id, input.managerUserId, caller, await reach(services, user)));
  serve(app, e.delete, async ({ input, services, user, caller }) => services.admin.groups.delete(user, input.id, caller, await reach(services, user)));
  serve(app, e.members, async ({ input, services, user }) => services.admin.groups.members(await reach(services, user), input.id, input.pageNum, input.pageSize));
  serve(app, e.membersAdd, async ({ input, services, user, caller }) => services.admin.groups.addMembers(user, input.id, input.userIdSet, caller, await reach(services, user)));
  serve(app, e.membersRemove, async ({ input, services, user, caller }) => services.admin.groups.removeMembers(user, input.id, input.userIdSet, caller, await reach(services, user)));
  serve(app, e.mailboxUpdate, async ({ input, services, user, caller }) => services.admin.groups.updateMailbox(user, input, caller, await reach(services, user)));
  serve(app, e.mailboxSetManager, async ({ input, services, user, caller }) => services.admin.groups.setMailboxManager(user, input.id, input.managerUserId, caller, await reach(services, user)));
}
