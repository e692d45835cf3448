import { z } from 'zod';
import { LIMITS, MOBILE_PATTERN } from '../rules.js';
import { INT32_MAX, TIME_MS_MAX, idOut, intIn, isoTime, pageRequest, recordId, text } from './common.js';
import { SORTABLE, sortOf } from './sort.js';
import { riskJudgement } from './risk.js';

const key = text(LIMITS.keyMax).min(1);
const code = text(LIMITS.codeMax).min(1);
const mobile = text(LIMITS.mobileMax).regex(MOBILE_PATTERN, 'must be a mainland mobile number');
const typeCode = intIn(0, INT32_MAX);

export const socialListBody = pageRequest.extend({ userId: text(LIMITS.accountMax).optional() });
export const socialUnbindBody = z.object({ userId: text(LIMITS.accountMax).optional(), source: text(LIMITS.typeCodeMax).min(1) });
export const bindMobileSendBody = z.object({ mobileNo: mobile, capKey: text(LIMITS.captchaKeyMax).optional(), capText: text(LIMITS.codeMax).optional() });
export const bindMobileSaveBody = z.object({ mobileNo: mobile, msgCodeKey: key, msgValueClient: code });
export const changeMobileTicketBody = z.object({ requestId: key });
export const changeMobileVerifyBody = z.object({ requestId: key, msgCodeKey: key, msgValueClient: code });
export const changeMobileNewBody = z.object({ requestId: key, mobileNo: mobile });
export const deviceSignOutBody = z.object({ deviceId: text(LIMITS.deviceIdMax).min(1) });

const time = z.union([intIn(0, TIME_MS_MAX), z.iso.datetime({ offset: true }), z.iso.date()]).optional();
export const appLogBody = pageRequest.extend({
  logType: typeCode.optional(),
  optType: text(LIMITS.typeCodeMax).optional(),
  isSuccess: z.union([z.boolean(), intIn(0, 1), z.literal('')]).optional(),
  startTime: time,
  endTime: time,
}).extend(sortOf(SORTABLE.logs).shape);
export const operationLogBody = pageRequest.extend({
  logType: typeCode.optional(),
  sceneCode: text(LIMITS.typeCodeMax).optional(),
  startTime: time,
  endTime: time,
}).extend(sortOf(SORTABLE.logs).shape);
export const selectByTypeBody = z.object({ type: typeCode, logType: typeCode.optional() });

export const socialBinding = z.object({
  id: idOut,
  source: z.string(),
  socialId: z.string(),
  userId: z.string(),
  createdDate: isoTime,
  /** The identity provider's name when the link was made through one (sign-in through other providers). */
  providerName: z.string().nullable(),
  /** What the person is called at the provider, as it said at linking time. */
  upstreamName: z.string().nullable(),
});
export type SocialBinding = z.infer<typeof socialBinding>;

export const deviceRow = z.object({
  deviceId: z.string(),
  deviceName: z.string().nullable(),
  firstSeen: isoTime,
  lastSeen: isoTime,
  lastIp: z.string().nullable(),
  trusted: z.boolean(),
  activeSessions: z.number().int(),
  current: z.boolean(),
  /** How the device's last sign-in was judged (adaptive sign-in); null when none of its sign-ins was. */
  risk: riskJudgement.nullable(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const appLogRow = z.object({
  id: idOut,
  optType: z.string(),
  appName: z.string().nullable(),
  isSuccess: z.boolean(),
  loginMsg: z.string(),
  ip: z.string(),
  deviceName: z.string().nullable(),
  createdDate: isoTime,
  /** How the sign-in was judged (adaptive sign-in); null for launches and sign-ins from before. */
  risk: riskJudgement.nullable(),
});
export type AppLogRow = z.infer<typeof appLogRow>;

export const operationLogRow = z.object({
  id: idOut,
  sceneCode: z.string(),
  ip: z.string(),
  ipRegion: z.string().nullable(),
  detail: z.string().nullable(),
  createdDate: isoTime,
});
export type OperationLogRow = z.infer<typeof operationLogRow>;

export const selectOption = z.object({
  selectKey: z.string(),
  selectValue: z.string(),
});
export type SelectOption = z.infer<typeof selectOption>;

/** `unread`: published, and the caller has not opened it yet. */
const homeItem = z.object({ id: z.string(), title: z.string(), date: z.string(), unread: z.boolean() });
export const homeContent = z.object({
  notices: z.array(homeItem),
  news: z.object({
    recommend: z.array(homeItem),
    news: z.array(homeItem),
    dynamic: z.array(homeItem),
    release: z.array(homeItem),
  }),
});
export type HomeContent = z.infer<typeof homeContent>;

export const noticeOpenBody = z.object({ id: recordId() });
/** A published notice or news item as the person reads it: the body is plain text, the link a site path or an http(s) address. */
export const noticeDetail = z.object({
  id: idOut,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  publishedAt: isoTime,
});
export type NoticeDetail = z.infer<typeof noticeDetail>;

/** The code sent to a phone, on the flow's ticket (requestId). */
export const sentCode = z.object({ msgCodeKey: z.string(), requestId: z.string() });
