import { z } from 'zod';
import { USER_TYPES } from '../rules.js';
import { idOut, isoTime } from './common.js';

export const workInfo = z.object({
  companyName: z.string().nullable(),
  deptName: z.string().nullable(),
  positionName: z.string().nullable(),
  managerUserName: z.string().nullable(),
  managerUserId: z.string().nullable(),
  seniorLeader: z.boolean(),
});
export type WorkInfo = z.infer<typeof workInfo>;

export const currentUser = z.object({
  id: idOut,
  userId: z.string(),
  userName: z.string(),
  userType: z.enum(USER_TYPES),
  instanceId: z.string(),
  avatar: z.string().nullable(),
  mobileNo: z.string().nullable(),
  encryptMobileNo: z.string(),
  enabled: z.boolean(),
  createdDate: isoTime,
  userExpireDate: isoTime.nullable(),
  ldapCreated: z.boolean(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  mailLocalAddress: z.string().nullable(),
  klpaResultDesc: z.string().nullable(),
  workInfo,
  /** For PUBLIC_MAIL accounts: who manages the mailbox. */
  managerUserId: z.string().nullable(),
  managerUserName: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const userRole = z.object({
  id: idOut,
  code: z.string(),
  name: z.string(),
});
export type UserRole = z.infer<typeof userRole>;

export const appTile = z.object({
  id: idOut,
  appId: z.string(),
  appName: z.string(),
  icon: z.string().nullable(),
  clientId: z.string(),
  idpSsoUrl: z.string(),
});
export type AppTile = z.infer<typeof appTile>;

export const todayNum = z.object({
  score: z.number().int(),
  loginCount: z.number().int(),
  appCount: z.number().int(),
});
export type TodayNum = z.infer<typeof todayNum>;

export const safetyScore = z.object({
  score: z.number().int(),
  pwdLevel: z.enum(['weak', 'middle', 'strong']),
  passwordExpired: z.boolean(),
  passwordExpireDays: z.number().int().nullable(),
  userId: z.string(),
  mobileNo: z.string().nullable(),
  /** true means the phone is stopped as an identity-verification method. */
  phoneEnabled: z.boolean(),
  /** How the score was reached, item by item (documented formula). */
  items: z.array(z.object({ key: z.string(), points: z.number().int(), earned: z.boolean() })),
});
export type SafetyScore = z.infer<typeof safetyScore>;
