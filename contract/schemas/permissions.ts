import { z } from 'zod';
import { LIMITS } from '../rules.js';
import { idOut, intIn, isoTime, pageRequest, recordId, text } from './common.js';
import { appTile } from './personal.js';

const id = recordId();

export const appByNameBody = z.object({ appName: text(100).optional().default('') });
export const rolesByAppBody = z.object({ appId: text(64), roleName: text(100).optional() });
export const myRequestsBody = pageRequest.extend({ status: z.union([z.literal(''), z.null(), intIn(0, 2)]).optional() });
export const applyBody = z.object({
  appId: text(64).min(1, 'please choose an application'),
  roleIdSet: z.array(id).max(50).optional().default([]),
  applyReason: text(LIMITS.reasonMax).optional().default(''),
});
export const applyIdBody = z.object({ applyId: id });
export const approvalListBody = pageRequest.extend({ applyUserId: text(64).optional(), appName: text(100).optional() });
export const approvalBody = z.object({
  status: intIn(1, 2),
  approvalSuggestion: text(LIMITS.reasonMax).optional().default(''),
  applyIdList: z.array(id).min(1, 'select at least one request').max(100),
});

export const myPermissionsBody = pageRequest;
export const appIdBody = z.object({ appId: text(64).min(1) });
export const groupIdBody = z.object({ groupId: id });
export const cancelRolesBody = z.object({ groupId: id, roleIdSet: z.array(id).min(1, 'select at least one role').max(50) });

export const appOption = appTile.extend({
  /** false when the app is not connected to the permission system (roles may be empty). */
  permSystem: z.boolean(),
});
export type AppOption = z.infer<typeof appOption>;

export const roleOption = z.object({ id: idOut, name: z.string(), code: z.string() });
export type RoleOption = z.infer<typeof roleOption>;

export const applyRecord = z.object({
  id: idOut,
  appId: z.string(),
  appName: z.string(),
  roleName: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
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
