import { z } from 'zod';
import { LIMITS, MOBILE_PATTERN } from '../rules.js';
import { INT32_MAX, TIME_MS_MAX, intIn, pageRequest, text } from './common.js';

const key = text(64).min(1);
const code = text(LIMITS.codeMax).min(1);
const mobile = text(20).regex(MOBILE_PATTERN, 'must be a mainland mobile number');
const typeCode = intIn(0, INT32_MAX);

export const socialListBody = pageRequest.extend({ userId: text(64).optional() });
export const socialUnbindBody = z.object({ userId: text(64).optional(), source: text(40).min(1) });
export const bindMobileSendBody = z.object({ mobileNo: mobile, capKey: text(64).optional(), capText: text(LIMITS.codeMax).optional() });
export const bindMobileSaveBody = z.object({ mobileNo: mobile, msgCodeKey: key, msgValueClient: code });
export const changeMobileTicketBody = z.object({ requestId: key });
export const changeMobileVerifyBody = z.object({ requestId: key, msgCodeKey: key, msgValueClient: code });
export const changeMobileNewBody = z.object({ requestId: key, mobileNo: mobile });
export const deviceSignOutBody = z.object({ deviceId: text(LIMITS.deviceIdMax).min(1) });

const time = z.union([intIn(0, TIME_MS_MAX), z.iso.datetime({ offset: true }), z.iso.date()]).optional();
export const appLogBody = pageRequest.extend({
  logType: typeCode.optional(),
  optType: text(40).optional(),
  isSuccess: z.union([z.boolean(), intIn(0, 1), z.literal('')]).optional(),
  startTime: time,
  endTime: time,
});
export const operationLogBody = pageRequest.extend({
  logType: typeCode.optional(),
  sceneCode: text(40).optional(),
  startTime: time,
  endTime: time,
});
export const selectByTypeBody = z.object({ type: typeCode, logType: typeCode.optional() });

export interface SocialBinding {
  id: number;
  source: string;
  socialId: string;
  userId: string;
  createdDate: string;
}
export interface DeviceRow {
  deviceId: string;
  deviceName: string | null;
  firstSeen: string;
  lastSeen: string;
  lastIp: string | null;
  trusted: boolean;
  activeSessions: number;
  current: boolean;
}
export interface AppLogRow {
  id: number;
  optType: string;
  appName: string | null;
  isSuccess: boolean;
  loginMsg: string;
  ip: string;
  deviceName: string | null;
  createdDate: string;
}
export interface OperationLogRow {
  id: number;
  sceneCode: string;
  ip: string;
  ipRegion: string | null;
  detail: string | null;
  createdDate: string;
}
export interface SelectOption {
  selectKey: string;
  selectValue: string;
}
export interface HomeContent {
  notices: { id: string; title: string; date: string }[];
  news: Record<'recommend' | 'news' | 'dynamic' | 'release', { id: string; title: string; date: string }[]>;
}
