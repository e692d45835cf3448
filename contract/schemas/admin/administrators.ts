import { z } from 'zod';
import { ADMIN_DUTIES } from '../../duties.js';
import { idOut, recordId } from '../common.js';

export const adminDuty = z.enum(ADMIN_DUTIES);

/** administrators/assign: give a person a duty; a department administrator also names their subtree. */
export const dutyAssignBody = z.object({
  id: recordId(),
  duty: adminDuty,
  deptId: recordId().optional(),
}).refine((b) => b.duty !== 'department' || b.deptId !== undefined, { message: 'is required for a department administrator', path: ['deptId'] });
export const dutyRevokeBody = z.object({ id: recordId() });

/** One administrator: who, which duty, and a department administrator's subtree. */
export const administrator = z.object({
  id: idOut,
  account: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  duty: adminDuty,
  deptId: idOut.nullable(),
  deptName: z.string().nullable(),
});
export type Administrator = z.infer<typeof administrator>;
