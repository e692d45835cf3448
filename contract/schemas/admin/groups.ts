import { z } from 'zod';
import { GroupKind, GroupType } from '../../enums.js';
import { EMAIL_PATTERN, IDENTIFIER_PATTERN, LIMITS } from '../../rules.js';
import { idOut, intIn, pageRequest, recordId, text } from '../common.js';
import { sortOf } from '../sort.js';
import { ADMIN_SORTABLE } from './sortable.js';

const id = recordId();
const account = text(LIMITS.accountMax).min(1);
const email = text(LIMITS.emailMax).regex(EMAIL_PATTERN, 'must be an email address');

export const groupKind = z.enum([GroupKind.SECURITY, GroupKind.MAIL, GroupKind.PUBLIC_MAIL]);

export const adminGroupListBody = pageRequest.extend({
  /** Part of the name, the group code or the mailbox account. */
  keyword: text(LIMITS.searchMax).optional(),
  kind: groupKind.optional(),
}).extend(sortOf(ADMIN_SORTABLE.groups).shape);
export const adminGroupRefBody = z.object({ id });
export const adminGroupCreateBody = z.object({
  groupCode: text(LIMITS.groupCodeMax).min(1).regex(IDENTIFIER_PATTERN, 'letters, digits, dot, underscore or hyphen'),
  groupName: text(LIMITS.groupNameMax).min(1),
  groupType: intIn(GroupType.SECURITY, GroupType.MAIL),
  /** Required for a mail group; a security group has none. */
  email: email.nullable().optional(),
  managerUserId: account,
});
export const adminGroupUpdateBody = z.object({
  id,
  groupName: text(LIMITS.groupNameMax).min(1).optional(),
  email: email.nullable().optional(),
});
export const adminSetManagerBody = z.object({ id, managerUserId: account });
export const adminMembersBody = z.object({ id, userIdSet: z.array(account).min(1, 'select at least one member').max(LIMITS.membersPerBatchMax) });
export const adminMemberPageBody = pageRequest.extend({ id });
export const adminMailboxUpdateBody = z.object({
  id,
  userName: text(LIMITS.userNameMax).min(1).optional(),
  email: email.optional(),
});

/** A row of the groups list: a group (id of the group) or a shared mailbox (id of its account). */
export const adminGroupRow = z.object({
  kind: groupKind,
  id: idOut,
  /** The group code, or the mailbox's account. */
  code: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  managerUserId: z.string().nullable(),
  managerName: z.string().nullable(),
  /** Members of a group; null for a mailbox. */
  memberNumber: z.number().int().nullable(),
});
export type AdminGroupRow = z.infer<typeof adminGroupRow>;
