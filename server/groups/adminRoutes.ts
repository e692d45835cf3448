import type { FastifyInstance } from 'fastify';
import { adminGroupsEndpoints as e } from '../../contract/endpoints/admin/groups.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: groups, shared mailboxes, their managers and members. */
export default async function adminGroupsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.list, ({ input, services }) => services.admin.groups.list({ keyword: input.keyword, kind: input.kind, sort: { field: input.sortField, order: input.sortOrder } }, input.pageNum, input.pageSize));
  serve(app, e.get, ({ input, services }) => services.admin.groups.get(input.id));
  serve(app, e.create, ({ input, services, user, caller }) => services.admin.groups.create(user, input, caller));
  serve(app, e.update, ({ input, services, user, caller }) => services.admin.groups.update(user, input, caller));
  serve(app, e.setManager, ({ input, services, user, caller }) => services.admin.groups.setManager(user, input.id, input.managerUserId, caller));
  serve(app, e.delete, ({ input, services, user, caller }) => services.admin.groups.delete(user, input.id, caller));
  serve(app, e.members, ({ input, services }) => services.admin.groups.members(input.id, input.pageNum, input.pageSize));
  serve(app, e.membersAdd, ({ input, services, user, caller }) => services.admin.groups.addMembers(user, input.id, input.userIdSet, caller));
  serve(app, e.membersRemove, ({ input, services, user, caller }) => services.admin.groups.removeMembers(user, input.id, input.userIdSet, caller));
  serve(app, e.mailboxUpdate, ({ input, services, user, caller }) => services.admin.groups.updateMailbox(user, input, caller));
  serve(app, e.mailboxSetManager, ({ input, services, user, caller }) => services.admin.groups.setMailboxManager(user, input.id, input.managerUserId, caller));
}
