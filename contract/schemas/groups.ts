import { z } from 'zod';
import { GroupType } from '../enums.js';
import { LIMITS } from '../rules.js';
import { intIn, isoTime, idOut, pageRequest, text } from './common.js';

const account = text(LIMITS.accountMax).min(1);

export const pubMailListBody = pageRequest.extend({ userName: text(LIMITS.searchMax).optional(), userId: text(LIMITS.accountMax).optional() });
export const pubMailResetBody = z.object({
  userId: account,
  /** SM2 ciphertext of the manual password; absent when autoGen. */
  newPassword: text(LIMITS.cipherMax).regex(/^[0-9a-fA-F]*$/, 'must be SM2 ciphertext (hex)').optional(),
  autoGen: z.boolean().optional().default(false),
});
export const groupListBody = pageRequest.extend({
  groupName: text(LIMITS.searchMax).optional(),
  groupType: intIn(GroupType.SECURITY, GroupType.MAIL).optional(),
});
export const groupCodeBody = pageRequest.extend({ groupCode: text(LIMITS.groupCodeMax).min(1) });
export const memberBatchBody = z.object({ groupCode: text(LIMITS.groupCodeMax).min(1), userIdSet: z.array(account).min(1, 'select at least one member').max(LIMITS.membersPerBatchMax) });
export const userSearchBody = pageRequest.extend({
  userName: text(LIMITS.searchMax).optional(),
  keyWord: text(LIMITS.searchMax).optional(),
  /** A group the caller manages: each person found then says whether they are already in it. */
  groupCode: text(LIMITS.groupCodeMax).min(1).optional(),
});
export const managerUpdateBody = z.object({ groupCode: text(LIMITS.groupCodeMax).min(1), managerUserId: account });

export const publicMailbox = z.object({
  userId: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  workInfo: z.object({ deptName: z.string().nullable() }),
  userExpireDate: isoTime.nullable(),
});
export type PublicMailbox = z.infer<typeof publicMailbox>;

export const mailGroup = z.object({
  groupCode: z.string(),
  groupName: z.string(),
  groupType: z.union([z.literal(GroupType.SECURITY), z.literal(GroupType.MAIL)]),
  email: z.string().nullable(),
  memberNumber: z.number().int(),
});
export type MailGroup = z.infer<typeof mailGroup>;

export const groupMember = z.object({
  userId: z.string(),
  userName: z.string(),
  companyName: z.string().nullable(),
  deptName: z.string().nullable(),
});
export type GroupMember = z.infer<typeof groupMember>;

export const userSearchResult = z.object({
  id: idOut,
  userId: z.string(),
  userName: z.string(),
  deptName: z.string().nullable(),
  /** Present when the search named a group: the person is already a member of it. */
  member: z.boolean().optional(),
});
export type UserSearchResult = z.infer<typeof userSearchResult>;
