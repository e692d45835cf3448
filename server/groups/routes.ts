import type { FastifyInstance } from 'fastify';
import { groupEndpoints as e } from '../../contract/endpoints/groups.js';
import { serve } from '../platform/http/serve.js';

/** Public mailboxes, mail and security groups, members, and the people search. */
export default async function groupRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.pubMailList, ({ input, services, user }) =>
    services.groups.mailboxes(user, { userName: input.userName, userId: input.userId }, input.pageNum, input.pageSize));
  serve(app, e.pubMailResetPwd, ({ input, services, user, caller }) => services.groups.resetMailboxPassword(user, input, caller));
  serve(app, e.groupList, ({ input, services, user }) =>
    services.groups.groups(user, { groupName: input.groupName, groupType: input.groupType }, input.pageNum, input.pageSize));
  serve(app, e.memberList, ({ input, services, user }) => services.groups.members(user, input.groupCode, input.pageNum, input.pageSize));
  serve(app, e.memberAdd, ({ input, services, user, caller }) => services.groups.addMembers(user, input.groupCode, input.userIdSet, caller));
  serve(app, e.memberRemove, ({ input, services, user, caller }) => services.groups.removeMembers(user, input.groupCode, input.userIdSet, caller));
  serve(app, e.userSearch, ({ input, services, user }) =>
    services.groups.search(user, { userName: input.userName, keyWord: input.keyWord }, input.groupCode, input.pageNum, input.pageSize));
  serve(app, e.groupManagerUpdate, ({ input, services, user, caller }) => services.groups.transfer(user, input.groupCode, input.managerUserId, caller));
}
