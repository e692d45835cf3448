import { z } from 'zod';
import { CODE, CODE_GROUPS } from '../codes.js';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import { nothing, pageOf } from '../schemas/common.js';
import {
  groupCodeBody, groupListBody, groupMember, mailGroup, managerUpdateBody, memberBatchBody, publicMailbox, pubMailListBody,
  pubMailResetBody, userSearchBody, userSearchResult,
} from '../schemas/groups.js';

/** Public mailboxes, mail and security groups, members, and the people search. */
export const groupEndpoints = {
  pubMailList: endpoint({
    method: 'POST', path: paths.personal.pubMailList, access: 'user', summary: 'Public mailboxes the caller manages',
    input: pubMailListBody, output: pageOf(publicMailbox),
  }),
  pubMailResetPwd: endpoint({
    method: 'POST', path: paths.personal.pubMailResetPwd, access: 'manager', summary: "Set a managed mailbox's password, or generate one (answered once)",
    input: pubMailResetBody, output: z.string().nullable(), codes: [CODE.notFound, CODE.cipherUndecryptable, CODE.cipherReplayed, CODE.mailboxPasswordRequired, ...CODE_GROUPS.passwordPolicy],
  }),
  groupList: endpoint({
    method: 'POST', path: paths.personal.groupList, access: 'user', summary: 'Mail and security groups the caller manages',
    input: groupListBody, output: pageOf(mailGroup),
  }),
  memberList: endpoint({
    method: 'POST', path: paths.personal.memberList, access: 'manager', summary: 'Members of a group the caller manages',
    input: groupCodeBody, output: pageOf(groupMember), codes: [CODE.notFound],
  }),
  memberAdd: endpoint({
    method: 'POST', path: paths.personal.memberAdd, access: 'manager', summary: 'Add people to a group the caller manages',
    input: memberBatchBody, output: z.object({ added: z.number().int() }), codes: [CODE.notFound, CODE.unknownUsers],
  }),
  memberRemove: endpoint({
    method: 'POST', path: paths.personal.memberRemove, access: 'manager', summary: 'Remove people from a group the caller manages',
    input: memberBatchBody, output: z.object({ removed: z.number().int() }), codes: [CODE.notFound, CODE.unknownUsers],
  }),
  userSearch: endpoint({
    method: 'POST', path: paths.personal.userSearch, access: 'user', summary: 'People whose account or name starts with the text (and, given a group the caller manages, whether each is already in it)',
    input: userSearchBody, output: pageOf(userSearchResult), codes: [CODE.notFound],
  }),
  groupManagerUpdate: endpoint({
    method: 'POST', path: paths.personal.groupManagerUpdate, access: 'manager', summary: 'Hand a group the caller manages to someone else',
    input: managerUpdateBody, output: nothing, codes: [CODE.notFound, CODE.unknownUsers, CODE.managerIsSelf],
  }),
};
