import { z } from 'zod';
import { LIMITS } from '../rules.js';
import { intIn, pageRequest, text } from './common.js';

const account = text(64).min(1);

export const pubMailListBody = pageRequest.extend({ userName: text(100).optional(), userId: text(64).optional() });
export const pubMailResetBody = z.object({
  userId: account,
  /** SM2 ciphertext of the manual password; absent when autoGen. */
  newPassword: text(LIMITS.cipherMax).regex(/^[0-9a-fA-F]*$/, 'must be SM2 ciphertext (hex)').optional(),
  autoGen: z.boolean().optional().default(false),
});
export const groupListBody = pageRequest.extend({
  groupName: text(100).optional(),
  groupType: intIn(1, 2).optional(),
});
export const groupCodeBody = pageRequest.extend({ groupCode: text(64).min(1) });
export const memberBatchBody = z.object({ groupCode: text(64).min(1), userIdSet: z.array(account).min(1, 'select at least one member').max(200) });
export const userSearchBody = pageRequest.extend({ userName: text(100).optional(), keyWord: text(100).optional() });
export const managerUpdateBody = z.object({ groupCode: text(64).min(1), managerUserId: account });

export interface PublicMailbox {
  userId: string;
  userName: string;
  email: string | null;
  workInfo: { deptName: string | null };
  userExpireDate: string | null;
}
export interface MailGroup {
  groupCode: string;
  groupName: string;
  groupType: 1 | 2;
  email: string | null;
  memberNumber: number;
}
export interface GroupMember {
  userId: string;
  userName: string;
  companyName: string | null;
  deptName: string | null;
}
export interface UserSearchResult {
  id: number;
  userId: string;
  userName: string;
  deptName: string | null;
}
