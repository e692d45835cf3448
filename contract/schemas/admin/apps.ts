import { z } from 'zod';
import { GroupType } from '../../enums.js';
import { CAPTCHA_STRATEGIES, IDENTIFIER_PATTERN, LIMITS, LOGIN_TYPES } from '../../rules.js';
import { INT32_MAX, idOut, intIn, isoTime, pageRequest, recordId, text } from '../common.js';

const id = recordId();
const account = text(LIMITS.accountMax).min(1);
const identifier = (max: number) => text(max).min(1).regex(IDENTIFIER_PATTERN, 'letters, digits, dot, underscore or hyphen');

/** Whether a string is an absolute http(s) URL: what a launch can redirect to. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const launchUrl = text(LIMITS.urlMax).refine(isHttpUrl, 'must be an http(s) URL');
/** A picture the tile shows: a data URL of an image, or an https address. */
const icon = text(LIMITS.appIconMax).regex(/^(data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+|https:\/\/\S+)$/, 'must be an image data URL or an https URL');
const loginTypes = z.array(z.enum(LOGIN_TYPES)).min(1, 'choose at least one sign-in method').max(LOGIN_TYPES.length)
  .refine((list) => new Set(list).size === list.length, 'each sign-in method once');
/** null: the sign-in page's own strategy per login type. */
const captchaStrategy = z.literal(CAPTCHA_STRATEGIES).nullable();
const sortOrder = intIn(0, INT32_MAX);
const people = z.array(account).min(1, 'select at least one person').max(LIMITS.membersPerBatchMax);

export const appListBody = pageRequest.extend({
  /** Part of the name or the app id. */
  keyword: text(LIMITS.searchMax).optional(),
  enabled: z.boolean().optional(),
  category: text(LIMITS.appCategoryMax).optional(),
});
export const appRefBody = z.object({ id });
/** A role group or a role, by its id. */
export const roleRefBody = z.object({ id });
export const appCreateBody = z.object({
  appId: identifier(LIMITS.appIdMax),
  appName: text(LIMITS.appNameMax).min(1),
  /** Defaults to "<appId>-client". */
  clientId: identifier(LIMITS.clientIdMax).optional(),
  icon: icon.nullable().optional(),
  category: text(LIMITS.appCategoryMax).min(1).nullable().optional(),
  idpSsoUrl: launchUrl,
  loginTypes,
  captchaStrategy: captchaStrategy.optional().default(null),
  secondAuthRequired: z.boolean().optional().default(false),
  sortOrder: sortOrder.optional().default(0),
  permSystem: z.boolean().optional().default(true),
  enabled: z.boolean().optional().default(true),
});
export type AppCreateBody = z.infer<typeof appCreateBody>;
/** The app id and client id are what applications and links know it by: they never change. */
export const appUpdateBody = z.object({
  id,
  appName: text(LIMITS.appNameMax).min(1).optional(),
  icon: icon.nullable().optional(),
  category: text(LIMITS.appCategoryMax).min(1).nullable().optional(),
  idpSsoUrl: launchUrl.optional(),
  loginTypes: loginTypes.optional(),
  captchaStrategy: captchaStrategy.optional(),
  secondAuthRequired: z.boolean().optional(),
  sortOrder: sortOrder.optional(),
  permSystem: z.boolean().optional(),
});
export type AppUpdateBody = z.infer<typeof appUpdateBody>;

export const roleGroupAddBody = z.object({ appRef: id, name: text(LIMITS.roleNameMax).min(1) });
export const roleGroupRenameBody = z.object({ id, name: text(LIMITS.roleNameMax).min(1) });
export const roleAddBody = z.object({ groupId: id, code: identifier(LIMITS.roleCodeMax), name: text(LIMITS.roleNameMax).min(1) });
export const roleRenameBody = z.object({ id, name: text(LIMITS.roleNameMax).min(1) });
export const appPeopleBody = z.object({ id, userIdSet: people });
export const appGroupsBody = z.object({ id, groupIdSet: z.array(id).min(1, 'select at least one group').max(LIMITS.membersPerBatchMax) });
export const appPageBody = pageRequest.extend({ id });

export const adminApp = z.object({
  id: idOut,
  appId: z.string(),
  appName: z.string(),
  icon: z.string().nullable(),
  category: z.string().nullable(),
  clientId: z.string(),
  idpSsoUrl: z.string(),
  loginTypes: z.array(z.enum(LOGIN_TYPES)),
  captchaStrategy: captchaStrategy,
  secondAuthRequired: z.boolean(),
  sortOrder: z.number().int(),
  permSystem: z.boolean(),
  enabled: z.boolean(),
  createdAt: isoTime,
  /** Whether a client secret was ever generated (its value is shown once, at rotation). */
  clientSecretSet: z.boolean(),
  /** Until when the secret before the last rotation is still accepted. */
  previousSecretValidUntil: isoTime.nullable(),
});
export type AdminApp = z.infer<typeof adminApp>;

export const adminRole = z.object({ id: idOut, code: z.string(), name: z.string(), holders: z.number().int() });
export const adminRoleGroup = z.object({ id: idOut, name: z.string(), roles: z.array(adminRole) });
export type AdminRoleGroup = z.infer<typeof adminRoleGroup>;

export const appPerson = z.object({ userId: z.string(), userName: z.string(), deptName: z.string().nullable() });
export type AppPerson = z.infer<typeof appPerson>;
export const userGrant = appPerson.extend({ grantedAt: isoTime });
export type UserGrant = z.infer<typeof userGrant>;
export const groupGrant = z.object({
  groupId: idOut,
  groupCode: z.string(),
  groupName: z.string(),
  groupType: z.union([z.literal(GroupType.SECURITY), z.literal(GroupType.MAIL)]),
  memberNumber: z.number().int(),
  grantedAt: isoTime,
});
export type GroupGrant = z.infer<typeof groupGrant>;

/** A freshly generated client secret: shown this once, only its hash is kept. */
export const rotatedSecret = z.object({ clientId: z.string(), clientSecret: z.string(), previousValidUntil: isoTime.nullable() });
export type RotatedSecret = z.infer<typeof rotatedSecret>;
