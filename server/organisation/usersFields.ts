import { CODE, type ResultCode } from '../../contract/codes.js';
import { ACCOUNT_NAME_PATTERN, EMAIL_PATTERN, MOBILE_PATTERN, type UserType } from '../../contract/rules.js';
import type { AdminUserDetail, AdminUserItem } from '../../contract/schemas/admin/users.js';
import type { AdminUserRecord, AdminUserSummary } from './usersAdminRepository.js';
import type { TreeIndex } from './tree.js';

/**
 * The rules registration holds an account's fields to (passwords/registration.ts), as answers
 * rather than throws, so that an import can collect them row by row: null when the value is fine.
 */
export const accountProblem = (account: string): ResultCode | null => (ACCOUNT_NAME_PATTERN.test(account) ? null : CODE.accountNameInvalid);
export const mobileProblem = (mobileNo: string): ResultCode | null => (MOBILE_PATTERN.test(mobileNo) ? null : CODE.mobileInvalid);
export const emailProblem = (email: string): ResultCode | null => (EMAIL_PATTERN.test(email) ? null : CODE.emailInvalid);

/** An optional text field as stored: blank is absent. */
export const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/** What a person is when nobody says otherwise (registration makes employees too). */
export const DEFAULT_USER_TYPE: UserType = 'STAFF';

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A person as a row of the list. */
export function toItem(user: AdminUserSummary, tree: TreeIndex, now: number): AdminUserItem {
  return {
    id: user.id,
    userId: user.account,
    userName: user.userName,
    userType: user.userType as UserType,
    mobileNo: user.mobileNo,
    email: user.email,
    deptId: user.deptRef,
    deptPath: user.deptRef !== null && tree.find(user.deptRef) ? tree.path(user.deptRef) : null,
    enabled: user.enabled,
    lockedUntil: user.lockedUntil !== null && user.lockedUntil > now ? iso(user.lockedUntil) : null,
    passwordExpired: user.passwordExpireAt !== null && user.passwordExpireAt <= now,
    createdDate: iso(user.createdAt)!,
  };
}

/** A person with everything the workbench's detail shows. */
export function toDetail(user: AdminUserRecord, roles: { code: string; name: string }[], tree: TreeIndex, now: number): AdminUserDetail {
  return {
    ...toItem(user, tree, now),
    companyName: user.companyName,
    deptName: user.deptName,
    positionName: user.positionName,
    hasPassword: user.hasPassword,
    passwordChangedDate: iso(user.passwordChangedAt),
    passwordExpireDate: iso(user.passwordExpireAt),
    mustChangePassword: user.mustChangePassword,
    secondAuthRequired: user.secondAuthRequired,
    roles: roles.map((r) => ({ code: r.code, name: r.name })),
    externalId: user.externalId,
    fromDirectory: user.fromDirectory,
    updatedDate: iso(user.updatedAt)!,
  };
}

/** The fields of a person an audit row records (never a password or its hash). */
export function auditView(user: Pick<AdminUserRecord, 'userName' | 'userType' | 'mobileNo' | 'email' | 'deptRef' | 'positionName' | 'secondAuthRequired' | 'externalId' | 'enabled'>) {
  return {
    userName: user.userName, userType: user.userType, mobileNo: user.mobileNo, email: user.email, deptId: user.deptRef,
    positionName: user.positionName, secondAuthRequired: user.secondAuthRequired, externalId: user.externalId, enabled: user.enabled,
  };
}
