import { z } from 'zod';
import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { idOut, nothing, pageOf } from '../../schemas/common.js';
import { groupMember } from '../../schemas/groups.js';
import {
  adminGroupCreateBody, adminGroupListBody, adminGroupRefBody, adminGroupRow, adminGroupUpdateBody, adminMailboxUpdateBody, adminMemberPageBody,
  adminMembersBody, adminSetManagerBody,
} from '../../schemas/admin/groups.js';

const G = '/admin/v1/groups';
const M = '/admin/v1/mailboxes';

/**
 * Workbench: every mail group, security group and shared mailbox of the organisation, whoever
 * manages it. The managers set here are the ones the personal centre's group pages go by.
 */
export const adminGroupsEndpoints = {
  list: endpoint({
    method: 'POST', path: `${G}/list`, access: 'admin', duties: ['system', 'security', 'department'], summary: 'Security groups, mail groups and shared mailboxes, by name, code or kind',
    input: adminGroupListBody, output: pageOf(adminGroupRow),
  }),
  get: endpoint({
    method: 'POST', path: `${G}/get`, access: 'admin', duties: ['system', 'department'], summary: 'One group',
    input: adminGroupRefBody, output: adminGroupRow, codes: [CODE.notFound, CODE.outsideScope],
  }),
  create: endpoint({
    method: 'POST', path: `${G}/create`, access: 'admin', duties: ['system', 'department'], summary: 'Add a security or mail group with its manager',
    input: adminGroupCreateBody, output: z.object({ id: idOut }),
    codes: [CODE.groupCodeTaken, CODE.mailGroupNeedsEmail, CODE.securityGroupHasNoEmail, CODE.unknownUsers, CODE.outsideScope],
  }),
  update: endpoint({
    method: 'POST', path: `${G}/update`, access: 'admin', duties: ['system', 'department'], summary: "Change a group's name or email address",
    input: adminGroupUpdateBody, output: nothing, codes: [CODE.notFound, CODE.mailGroupNeedsEmail, CODE.securityGroupHasNoEmail, CODE.outsideScope],
  }),
  setManager: endpoint({
    method: 'POST', path: `${G}/set-manager`, access: 'admin', duties: ['system', 'department'], summary: "Set a group's manager (enabled people, not shared mailboxes)",
    input: adminSetManagerBody, output: nothing, codes: [CODE.notFound, CODE.unknownUsers, CODE.outsideScope],
  }),
  delete: endpoint({
    method: 'POST', path: `${G}/delete`, access: 'admin', duties: ['system', 'department'], summary: 'Delete a group with its memberships and the application grants made to it',
    input: adminGroupRefBody, output: nothing, codes: [CODE.notFound, CODE.outsideScope],
  }),
  members: endpoint({
    method: 'POST', path: `${G}/members/list`, access: 'admin', duties: ['system', 'department'], summary: "A group's members, newest first",
    input: adminMemberPageBody, output: pageOf(groupMember), codes: [CODE.notFound, CODE.outsideScope],
  }),
  membersAdd: endpoint({
    method: 'POST', path: `${G}/members/add`, access: 'admin', duties: ['system', 'department'], summary: 'Add people to a group (the same people its manager could add)',
    input: adminMembersBody, output: z.object({ added: z.number().int() }), codes: [CODE.notFound, CODE.unknownUsers, CODE.outsideScope],
  }),
  membersRemove: endpoint({
    method: 'POST', path: `${G}/members/remove`, access: 'admin', duties: ['system', 'department'], summary: 'Remove people from a group',
    input: adminMembersBody, output: z.object({ removed: z.number().int() }), codes: [CODE.notFound, CODE.unknownUsers, CODE.outsideScope],
  }),
  mailboxUpdate: endpoint({
    method: 'POST', path: `${M}/update`, access: 'admin', duties: ['system', 'department'], summary: "Change a shared mailbox's display name or address",
    input: adminMailboxUpdateBody, output: nothing, codes: [CODE.notFound, CODE.outsideScope],
  }),
  mailboxSetManager: endpoint({
    method: 'POST', path: `${M}/set-manager`, access: 'admin', duties: ['system', 'department'], summary: "Set a shared mailbox's manager (enabled people, not shared mailboxes)",
    input: adminSetManagerBody, output: nothing, codes: [CODE.notFound, CODE.unknownUsers, CODE.outsideScope],
  }),
} satisfies Record<string, EndpointSpec>;
