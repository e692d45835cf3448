import type { UserType } from '../rules.js';

export interface WorkInfo {
  companyName: string | null;
  deptName: string | null;
  positionName: string | null;
  managerUserName: string | null;
  managerUserId: string | null;
  seniorLeader: boolean;
}

export interface CurrentUser {
  id: number;
  userId: string;
  userName: string;
  userType: UserType;
  instanceId: string;
  avatar: string | null;
  mobileNo: string | null;
  encryptMobileNo: string;
  enabled: boolean;
  createdDate: string;
  userExpireDate: string | null;
  ldapCreated: boolean;
  description: string | null;
  email: string | null;
  mailLocalAddress: string | null;
  klpaResultDesc: string | null;
  workInfo: WorkInfo;
  /** For PUBLIC_MAIL accounts: who manages the mailbox. */
  managerUserId: string | null;
  managerUserName: string | null;
}

export interface UserRole {
  id: number;
  code: string;
  name: string;
}

export interface AppTile {
  id: number;
  appId: string;
  appName: string;
  icon: string | null;
  clientId: string;
  idpSsoUrl: string;
}

export interface TodayNum {
  score: number;
  loginCount: number;
  appCount: number;
}

export interface SafetyScore {
  score: number;
  pwdLevel: 'weak' | 'middle' | 'strong';
  passwordExpired: boolean;
  passwordExpireDays: number | null;
  userId: string;
  mobileNo: string | null;
  /** true means the phone is stopped as an identity-verification method. */
  phoneEnabled: boolean;
  /** How the score was reached, item by item (documented formula). */
  items: { key: string; points: number; earned: boolean }[];
}
