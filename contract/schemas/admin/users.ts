import { z } from 'zod';
import { PasswordResetMode, UserBatchAction } from '../../enums.js';
import { LIMITS, USER_TYPES } from '../../rules.js';
import { idOut, isoTime, pageRequest, recordId, text } from '../common.js';
import { SORTABLE, sortOf } from '../sort.js';

const id = recordId();
export const userType = z.enum(USER_TYPES);

/**
 * A yes/no filter: a JSON boolean in a list body, "true"/"false" in the export's query string
 * (z.coerce.boolean would read "false" as true).
 */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The filters of the users list, shared by the paged list and the CSV export. */
export const userFilters = z.object({
  /** The start of an account, a name or a mobile number. */
  keyword: text(LIMITS.searchMax).optional(),
  /** People placed in this node or anywhere below it. */
  deptId: id.optional(),
  userType: userType.optional(),
  enabled: flag.optional(),
  /** Locked out of sign-in by repeated failures right now. */
  locked: flag.optional(),
  passwordExpired: flag.optional(),
});
export type UserFilters = z.output<typeof userFilters>;

/** The list in account order unless another sortable column is asked for (the export always is in account order). */
export const userListBody = pageRequest.extend(userFilters.shape).extend(sortOf(SORTABLE.users).shape);
export type UserSortField = (typeof SORTABLE.users)[number];
export const userExportQuery = userFilters;
export const userRefBody = z.object({ id });

/**
 * Account names follow registration's rules (ACCOUNT_NAME_PATTERN, checked by the service with
 * registration's code); the schema only bounds the text. Phone and email likewise.
 */
const account = text(LIMITS.accountMax).trim().min(1);
const userName = text(LIMITS.userNameMax).trim().min(1, 'enter a name');
const mobileNo = text(LIMITS.mobileMax).trim();
const email = text(LIMITS.emailMax).trim();
const positionName = text(LIMITS.positionMax).trim();
const externalId = text(LIMITS.scimExternalIdMax);

export const userCreateBody = z.object({
  userId: account,
  userName,
  userType: userType.default('STAFF'),
  mobileNo: mobileNo.nullable().optional(),
  email: email.nullable().optional(),
  deptId: id.nullable().optional(),
  positionName: positionName.nullable().optional(),
  secondAuthRequired: z.boolean().default(false),
  externalId: externalId.nullable().optional(),
});
export type UserCreateBody = z.output<typeof userCreateBody>;

/** Only the fields sent change; null clears a field that may be empty. */
export const userUpdateBody = z.object({
  id,
  userName: userName.optional(),
  userType: userType.optional(),
  mobileNo: mobileNo.nullable().optional(),
  email: email.nullable().optional(),
  deptId: id.nullable().optional(),
  positionName: positionName.nullable().optional(),
  secondAuthRequired: z.boolean().optional(),
  externalId: externalId.nullable().optional(),
});

export const userSetEnabledBody = z.object({ id, enabled: z.boolean() });
export const userResetPasswordBody = z.object({ id, mode: z.enum([PasswordResetMode.GENERATE, PasswordResetMode.MUST_CHANGE]) });
export const userHistoryBody = pageRequest.extend({ id });

/** How an activation reaches the person: texted to their phone, or a link the administrator hands over. */
export const ActivationChannel = { SMS: 'SMS', LINK: 'LINK' } as const;
export const userActivationBody = z.strictObject({ id, channel: z.enum([ActivationChannel.SMS, ActivationChannel.LINK]) });
/** LINK answers the link once (only its digest is kept); SMS answers the masked number it was queued for. */
export const userActivationResult = z.object({ link: z.string().nullable(), mobileNo: z.string().nullable(), expiresAt: isoTime });

/** The most people one batch acts on (one page of the list at its largest). */
export const USER_BATCH_MAX = 200;
const batchAction = z.enum(Object.values(UserBatchAction) as [UserBatchAction, ...UserBatchAction[]]);
/** users/batch: an action for each of the selected people; MOVE names the department (null: none). */
export const userBatchBody = z.strictObject({
  ids: z.array(id).min(1).max(USER_BATCH_MAX),
  action: batchAction,
  deptId: id.nullable().optional(),
}).refine((b) => b.action !== UserBatchAction.MOVE || b.deptId !== undefined, { message: 'is required to move people', path: ['deptId'] });

/** One person's outcome: D00000, or the code their own action would have answered (E00404, E40111, E40131…). */
export const userBatchResult = z.object({
  results: z.array(z.object({ id: idOut, account: z.string().nullable(), code: z.string() })),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

/** A row of the users list. */
export const adminUserItem = z.object({
  id: idOut,
  userId: z.string(),
  userName: z.string(),
  userType,
  mobileNo: z.string().nullable(),
  email: z.string().nullable(),
  deptId: idOut.nullable(),
  /** "Company/Department/…", or null when the person is placed nowhere. */
  deptPath: z.string().nullable(),
  enabled: z.boolean(),
  /** Until when sign-in is refused after repeated failures; null when not locked. */
  lockedUntil: isoTime.nullable(),
  passwordExpired: z.boolean(),
  createdDate: isoTime,
});
export type AdminUserItem = z.infer<typeof adminUserItem>;

/** One person as the workbench shows them: what the personal centre shows, and the account's state. */
export const adminUserDetail = adminUserItem.extend({
  companyName: z.string().nullable(),
  deptName: z.string().nullable(),
  positionName: z.string().nullable(),
  /** false for an account made by an administrator or an import until a password is set. */
  hasPassword: z.boolean(),
  passwordChangedDate: isoTime.nullable(),
  passwordExpireDate: isoTime.nullable(),
  mustChangePassword: z.boolean(),
  secondAuthRequired: z.boolean(),
  /** Portal roles (EMPLOYEE, SYS_ADMIN…). */
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  externalId: z.string().nullable(),
  /** Synchronised from the company directory: name, email and department are edited there only (E60024). */
  fromDirectory: z.boolean(),
  updatedDate: isoTime,
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** The generated password, answered this once (never stored in clear); null when only a change was required. */
export const passwordResetResult = z.object({ password: z.string().nullable() });
export const sessionsEnded = z.object({ ended: z.number().int() });

/** One sign-in attempt or application launch of the person. */
export const signInEntry = z.object({
  id: idOut,
  optType: z.string(),
  appName: z.string().nullable(),
  success: z.boolean(),
  /** The result code the attempt was answered with. */
  resultCode: z.string(),
  ip: z.string(),
  deviceName: z.string().nullable(),
  time: isoTime,
});
export type SignInEntry = z.infer<typeof signInEntry>;
