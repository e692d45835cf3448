import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.js';
import { groupCodeBody, groupListBody, managerUpdateBody, memberBatchBody, pubMailListBody, pubMailResetBody, userSearchBody } from '../../contract/schemas/groups.js';
import { userRoute } from '../http/route.js';

/** Public mailboxes, mail and security groups, members, and the people search. */
export default async function groupRoutes(app: FastifyInstance): Promise<void> {
  userRoute(app, 'POST', paths.personal.pubMailList, pubMailListBody, ({ body, services, user }) =>
    services.groups.mailboxes(user, { userName: body.userName, userId: body.userId }, body.pageNum, body.pageSize));
  userRoute(app, 'POST', paths.personal.pubMailResetPwd, pubMailResetBody, ({ body, services, user, caller }) => services.groups.resetMailboxPassword(user, body, caller));
  userRoute(app, 'POST', paths.personal.groupList, groupListBody, ({ body, services, user }) =>
    services.groups.groups(user, { groupName: body.groupName, groupType: body.groupType }, body.pageNum, body.pageSize));
  userRoute(app, 'POST', paths.personal.memberList, groupCodeBody, ({ body, services, user }) => services.groups.members(user, body.groupCode, body.pageNum, body.pageSize));
  userRoute(app, 'POST', paths.personal.memberAdd, memberBatchBody, ({ body, services, user, caller }) => services.groups.addMembers(user, body.groupCode, body.userIdSet, caller));
  userRoute(app, 'POST', paths.personal.memberRemove, memberBatchBody, ({ body, services, user, caller }) => services.groups.removeMembers(user, body.groupCode, body.userIdSet, caller));
  userRoute(app, 'POST', paths.personal.userSearch, userSearchBody, ({ body, services }) => services.groups.search({ userName: body.userName, keyWord: body.keyWord }, body.pageNum, body.pageSize));
  userRoute(app, 'POST', paths.personal.groupManagerUpdate, managerUpdateBody, ({ body, services, user, caller }) => services.groups.transfer(user, body.groupCode, body.managerUserId, caller));
}
