import { z } from 'zod';
import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { idOut, nothing, pageOf } from '../../schemas/common.js';
import {
  adminApp, adminRoleGroup, appCreateBody, appGroupsBody, appListBody, appPageBody, appOwnersBody, appPeopleBody, appPerson, appRefBody, appUpdateBody,
  groupGrant, roleAddBody, roleRefBody, roleGroupAddBody, roleGroupRenameBody, roleRenameBody, rotatedSecret, userGrant,
} from '../../schemas/admin/apps.js';

const P = '/admin/v1/apps';
const added = z.object({ added: z.number().int() });
const removed = z.object({ removed: z.number().int() });

/**
 * Workbench: applications — their settings (which also rule /login?appId=) and OpenID Connect
 * client settings, role groups and roles, approvers, who may use them (people and groups), and
 * client secrets.
 */
export const adminAppsEndpoints = {
  list: endpoint({
    method: 'POST', path: `${P}/list`, access: 'admin', duties: ['system', 'security', 'appOwner'], summary: 'Applications, by name or app id, enabled state and category',
    input: appListBody, output: pageOf(adminApp),
  }),
  get: endpoint({
    method: 'POST', path: `${P}/get`, access: 'admin', duties: ['system', 'security', 'appOwner'], summary: 'One application',
    input: appRefBody, output: adminApp, codes: [CODE.notFound, CODE.outsideScope],
  }),
  create: endpoint({
    method: 'POST', path: `${P}/create`, access: 'admin', duties: ['system'],
    summary: 'Add an application (its client id defaults to "<appId>-client"), a legacy code launch unless told otherwise; an OpenID Connect one needs a redirect URI',
    input: appCreateBody, output: z.object({ id: idOut }), codes: [CODE.appIdTaken, CODE.clientIdTaken, CODE.oidcRedirectUriRequired],
  }),
  update: endpoint({
    method: 'POST', path: `${P}/update`, access: 'admin', duties: ['system', 'appOwner'],
    summary: "Change an application's settings, OpenID Connect ones included, effective at the next authorisation request (the app id and client id stay)",
    input: appUpdateBody, output: nothing, codes: [CODE.notFound, CODE.oidcRedirectUriRequired, CODE.outsideScope],
  }),
  enable: endpoint({
    method: 'POST', path: `${P}/enable`, access: 'admin', duties: ['system'], summary: 'Let people launch and sign in to an application again',
    input: appRefBody, output: nothing, codes: [CODE.notFound],
  }),
  disable: endpoint({
    method: 'POST', path: `${P}/disable`, access: 'admin', duties: ['system'], summary: 'Stop an application: no launch, no sign-in for it, no new requests',
    input: appRefBody, output: nothing, codes: [CODE.notFound],
  }),
  roles: endpoint({
    method: 'POST', path: `${P}/roles/list`, access: 'admin', duties: ['security', 'appOwner'], summary: "An application's role groups and roles, with how many people hold each role",
    input: appRefBody, output: z.array(adminRoleGroup), codes: [CODE.notFound, CODE.outsideScope],
  }),
  roleGroupAdd: endpoint({
    method: 'POST', path: `${P}/role-groups/add`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Add a role group to an application',
    input: roleGroupAddBody, output: z.object({ id: idOut }), codes: [CODE.notFound, CODE.outsideScope],
  }),
  roleGroupRename: endpoint({
    method: 'POST', path: `${P}/role-groups/rename`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Rename a role group',
    input: roleGroupRenameBody, output: nothing, codes: [CODE.notFound, CODE.outsideScope],
  }),
  roleGroupRemove: endpoint({
    method: 'POST', path: `${P}/role-groups/remove`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Remove a role group with its roles; refused while someone holds one of them or a pending request names one',
    input: roleRefBody, output: nothing, codes: [CODE.notFound, CODE.roleHeld, CODE.roleRequested, CODE.outsideScope],
  }),
  roleAdd: endpoint({
    method: 'POST', path: `${P}/roles/add`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Add a role to a role group (its code unique in the application)',
    input: roleAddBody, output: z.object({ id: idOut }), codes: [CODE.notFound, CODE.roleCodeTaken, CODE.outsideScope],
  }),
  roleRename: endpoint({
    method: 'POST', path: `${P}/roles/rename`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Rename a role',
    input: roleRenameBody, output: nothing, codes: [CODE.notFound, CODE.outsideScope],
  }),
  roleRemove: endpoint({
    method: 'POST', path: `${P}/roles/remove`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Remove a role; refused while someone holds it or a pending request names it',
    input: roleRefBody, output: nothing, codes: [CODE.notFound, CODE.roleHeld, CODE.roleRequested, CODE.outsideScope],
  }),
  approvers: endpoint({
    method: 'POST', path: `${P}/approvers/list`, access: 'admin', duties: ['security', 'appOwner'], summary: "An application's approvers",
    input: appRefBody, output: z.array(appPerson), codes: [CODE.notFound, CODE.outsideScope],
  }),
  approversAdd: endpoint({
    method: 'POST', path: `${P}/approvers/add`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Make people approvers of an application (enabled people, not shared mailboxes)',
    input: appPeopleBody, output: added, codes: [CODE.notFound, CODE.unknownUsers, CODE.outsideScope],
  }),
  approversRemove: endpoint({
    method: 'POST', path: `${P}/approvers/remove`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Remove approvers of an application',
    input: appPeopleBody, output: removed, codes: [CODE.notFound, CODE.unknownUsers, CODE.outsideScope],
  }),
  userGrants: endpoint({
    method: 'POST', path: `${P}/user-grants/list`, access: 'admin', duties: ['security', 'appOwner'], summary: 'People granted an application directly',
    input: appPageBody, output: pageOf(userGrant), codes: [CODE.notFound, CODE.outsideScope],
  }),
  userGrantsAdd: endpoint({
    method: 'POST', path: `${P}/user-grants/add`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Grant people an application',
    input: appPeopleBody, output: added, codes: [CODE.notFound, CODE.unknownUsers, CODE.outsideScope],
  }),
  userGrantsRemove: endpoint({
    method: 'POST', path: `${P}/user-grants/remove`, access: 'admin', duties: ['security', 'appOwner'], summary: "Revoke people's direct grant of an application, with the roles they hold in it",
    input: appPeopleBody, output: removed, codes: [CODE.notFound, CODE.unknownUsers, CODE.outsideScope],
  }),
  groupGrants: endpoint({
    method: 'POST', path: `${P}/group-grants/list`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Groups whose members may use an application',
    input: appPageBody, output: pageOf(groupGrant), codes: [CODE.notFound, CODE.outsideScope],
  }),
  groupGrantsAdd: endpoint({
    method: 'POST', path: `${P}/group-grants/add`, access: 'admin', duties: ['security', 'appOwner'], summary: 'Let every member of some groups use an application',
    input: appGroupsBody, output: added, codes: [CODE.notFound, CODE.unknownGroups, CODE.outsideScope],
  }),
  groupGrantsRemove: endpoint({
    method: 'POST', path: `${P}/group-grants/remove`, access: 'admin', duties: ['security', 'appOwner'], summary: "Revoke groups' grant of an application (effective at the members' next call)",
    input: appGroupsBody, output: removed, codes: [CODE.notFound, CODE.unknownGroups, CODE.outsideScope],
  }),
  rotateSecret: endpoint({
    method: 'POST', path: `${P}/secret/rotate`, access: 'admin', duties: ['system', 'appOwner'], summary: 'Generate a new client secret, answered once; the previous one stays valid for the overlap window',
    input: appRefBody, output: rotatedSecret, codes: [CODE.notFound, CODE.outsideScope],
  }),
} satisfies Record<string, EndpointSpec>;

/**
 * Workbench: an application's owners, named by the security administrator (roles and grants are
 * theirs). An owner then manages that application's settings, roles, approvers and grants, and
 * no other application (E60205).
 */
export const adminAppOwnersEndpoints = {
  ownersList: endpoint({
    method: 'POST', path: `${P}/owners/list`, access: 'admin', duties: ['security'], summary: "An application's owners",
    input: appRefBody, output: z.array(appPerson), codes: [CODE.notFound],
  }),
  ownersAdd: endpoint({
    method: 'POST', path: `${P}/owners/add`, access: 'admin', duties: ['security'], summary: 'Make people owners of an application (enabled people, not shared mailboxes)',
    input: appOwnersBody, output: added, codes: [CODE.notFound, CODE.unknownUsers],
  }),
  ownersRemove: endpoint({
    method: 'POST', path: `${P}/owners/remove`, access: 'admin', duties: ['security'], summary: 'Remove owners of an application',
    input: appOwnersBody, output: removed, codes: [CODE.notFound, CODE.unknownUsers],
  }),
} satisfies Record<string, EndpointSpec>;
