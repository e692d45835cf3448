import { z } from 'zod';
import { CODE } from '../codes.js';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import { idOut, nothing, pageOf } from '../schemas/common.js';
import {
  appByNameBody, appIdBody, appRoleOption, applyBody, applyIdBody, applyRecord, appOption, approvalBody, approvalListBody, cancelRolesBody,
  groupIdBody, myPermissionsBody, myRequestsBody, permissionRow, roleOption, rolesByAppBody,
} from '../schemas/permissions.js';

/** Permission requests, approvals and the user's own application permissions. */
export const permissionEndpoints = {
  appsByName: endpoint({
    method: 'POST', path: paths.app.appsByName, access: 'user', summary: 'Enabled applications whose name starts with the text, to apply for',
    input: appByNameBody, output: z.array(appOption),
  }),
  rolesByApp: endpoint({
    method: 'POST', path: paths.auty.rolesByApp, access: 'user', summary: "An application's roles, optionally by name, each saying whether the caller holds it",
    input: rolesByAppBody, output: z.array(appRoleOption), codes: [CODE.notFound],
  }),
  myRequests: endpoint({
    method: 'POST', path: paths.auty.myRequests, access: 'user', summary: "The caller's own permission requests, newest first unless sorted, optionally by status",
    input: myRequestsBody, output: pageOf(applyRecord),
  }),
  apply: endpoint({
    method: 'POST', path: paths.auty.apply, access: 'user', summary: 'Apply for sign-in permission or roles of an application',
    input: applyBody, output: z.object({ id: idOut }), codes: [CODE.duplicateRequest, CODE.appUnavailable, CODE.roleNotOfApp, CODE.roleRequired, CODE.permissionHeld, CODE.rolesHeld],
  }),
  cancelApply: endpoint({
    method: 'POST', path: paths.auty.cancelApply, access: 'user', summary: 'Cancel one of the caller\'s requests while it awaits approval',
    input: applyIdBody, output: nothing, codes: [CODE.notFound, CODE.requestNotPending],
  }),
  applyDetail: endpoint({
    method: 'POST', path: paths.auty.applyDetail, access: 'user', summary: 'One request, for its applicant or an approver of its application',
    input: applyIdBody, output: applyRecord, codes: [CODE.notFound],
  }),
  awaitingApproval: endpoint({
    method: 'POST', path: paths.auty.awaitingApproval, access: 'user', summary: 'Requests awaiting the caller\'s decision, oldest first unless sorted (empty for non-approvers)',
    input: approvalListBody, output: pageOf(applyRecord),
  }),
  approve: endpoint({
    method: 'POST', path: paths.auty.approve, access: 'approver', summary: 'Pass or reject a batch of requests, all or none',
    input: approvalBody, output: z.object({ decided: z.number().int() }), codes: [CODE.notFound, CODE.notApproverOfAll, CODE.alreadyDecided],
  }),
  myPermissions: endpoint({
    method: 'POST', path: paths.auty.myPermissions, access: 'user', summary: "The caller's applications with the roles held in each",
    input: myPermissionsBody, output: pageOf(permissionRow),
  }),
  cancelAppPermission: endpoint({
    method: 'POST', path: paths.auty.cancelAppPermission, access: 'user', summary: 'Give up sign-in permission for an application',
    input: appIdBody, output: nothing, codes: [CODE.notFound, CODE.permissionNotHeld],
  }),
  directRoles: endpoint({
    method: 'POST', path: paths.auty.directRoles, access: 'user', summary: 'Roles the caller holds directly in a permission group',
    input: groupIdBody, output: z.array(roleOption), codes: [CODE.notFound],
  }),
  cancelRoles: endpoint({
    method: 'POST', path: paths.auty.cancelRoles, access: 'user', summary: 'Give up some directly held roles of a permission group',
    input: cancelRolesBody, output: z.object({ removed: z.number().int() }), codes: [CODE.notFound, CODE.rolesNotHeld],
  }),
};
