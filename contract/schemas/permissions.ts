import { z } from 'zod';
import { LIMITS } from '../rules.js';
import { intIn, pageRequest, recordId, text } from './common.js';
import type { AppTile } from './personal.js';

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

export interface AppOption extends AppTile {
  /** false when the app is not connected to the permission system (roles may be empty). */
  permSystem: boolean;
}
export interface RoleOption {
  id: number;
  name: string;
  code: string;
}
export interface ApplyRecord {
  id: number;
  appId: string;
  appName: string;
  roleName: string;
  status: 0 | 1 | 2;
  applyDate: string;
  applyUserId: string;
  applyUserName: string;
  applyReason: string;
  approvalUserId: string | null;
  approvalUserName: string | null;
  approvalSuggestion: string | null;
  approvalDate: string | null;
}
export interface PermissionRow {
  appId: string;
  appName: string;
  groupId: number | null;
  roleNameList: string[];
}
