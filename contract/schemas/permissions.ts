import { z } from 'zod';
import { ApplyStatus, Decision } from '../enums.js';
import { LIMITS } from '../rules.js';
import { idOut, intIn, isoTime, pageRequest, recordId, text } from './common.js';
import { appTile } from './personal.js';
import { SORTABLE, sortOf } from './sort.js';

const id = recordId();

export const appByNameBody = z.object({ appName: text(LIMITS.searchMax).optional().default('') });
export const rolesByAppBody = z.object({ appId: text(LIMITS.appIdMax), roleName: text(LIMITS.searchMax).optional() });
export const myRequestsBody = pageRequest.extend({ status: z.union([z.literal(''), z.null(), intIn(ApplyStatus.PENDING, ApplyStatus.REJECTED)]).optional() }).extend(sortOf(SORTABLE.myRequests).shape);
export const applyBody = z.object({
  appId: text(LIMITS.appIdMax).min(1, 'please choose an application'),
  roleIdSet: z.array(id).max(LIMITS.rolesPerRequestMax).optional().default([]),
  applyReason: text(LIMITS.reasonMax).optional().default(''),
});
export const applyIdBody = z.object({ applyId: id });
export const approvalListBody = pageRequest.extend({ applyUserId: text(LIMITS.accountMax).optional(), appName: text(LIMITS.searchMax).optional() }).extend(sortOf(SORTABLE.approvals).shape);
export const approvalBody = z.object({
  status: intIn(Decision.PASS, Decision.REJECT),
  approvalSuggestion: text(LIMITS.reasonMax).optional().default(''),
  applyIdList: z.array(id).min(1, 'select at least one request').max(LIMITS.decisionsPerBatchMax),
});

export const myPermissionsBody = pageRequest;
export const appIdBody = z.object({ appId: text(LIMITS.appIdMax).min(1) });
export const groupIdBody = z.object({ groupId: id });
export const cancelRolesBody = z.object({ groupId: id, roleIdSet: z.array(id).min(1, 'select at least one role').max(LIMITS.rolesPerRequestMax) });

export const appOption = appTile.extend({
  /** false when the app is not connected to the permission system (roles may be empty). */
  permSystem: z.boolean(),
  /** Whether a request must name at least one role: the one rule the dialog and the server both apply. */
  rolesRequired: z.boolean(),
  /** The caller already holds sign-in permission for the app (a request then only makes sense with roles). */
  held: z.boolean(),
});
export type AppOption = z.infer<typeof appOption>;

export const roleOption = z.object({ id: idOut, name: z.string(), code: z.string() });
export type RoleOption = z.infer<typeof roleOption>;

/** A role of an application to apply for, saying whether the caller already holds it. */
export const appRoleOption = roleOption.extend({ held: z.boolean() });
export type AppRoleOption = z.infer<typeof appRoleOption>;

export const applyRecord = z.object({
  id: idOut,
  appId: z.string(),
  appName: z.string(),
  roleName: z.string(),
  status: z.union([z.literal(ApplyStatus.PENDING), z.literal(ApplyStatus.PASSED), z.literal(ApplyStatus.REJECTED)]),
  applyDate: isoTime,
  applyUserId: z.string(),
  applyUserName: z.string(),
  applyReason: z.string(),
  approvalUserId: z.string().nullable(),
  approvalUserName: z.string().nullable(),
  approvalSuggestion: z.string().nullable(),
  approvalDate: isoTime.nullable(),
});
export type ApplyRecord = z.infer<typeof applyRecord>;

export const permissionRow = z.object({
  appId: z.string(),
  appName: z.string(),
  groupId: idOut.nullable(),
  roleNameList: z.array(z.string()),
});
export type PermissionRow = z.infer<typeof permissionRow>;
