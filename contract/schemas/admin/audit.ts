import { z } from 'zod';
import { ACCESS_TYPES, ALL_SCENE_CODES } from '../../dictionaries.js';
import { LogResult } from '../../enums.js';
import { LIMITS } from '../../rules.js';
import { TIME_MS_MAX, idOut, intIn, isoTime, pageRequest, text } from '../common.js';
import { RISK_LEVELS, RISK_SIGNALS, riskJudgement } from '../risk.js';
import { sortOf } from '../sort.js';
import { ADMIN_SORTABLE } from './sortable.js';

/** A moment as a filter takes it: epoch milliseconds, an ISO date-time with offset, or a date (UTC midnight). */
const time = z.union([intIn(0, TIME_MS_MAX), z.iso.datetime({ offset: true }), z.iso.date()]).optional();
export type TimeFilter = z.infer<typeof time>;

/** Epoch milliseconds of a time filter. */
export const timeMs = (t: TimeFilter): number | undefined => (t === undefined ? undefined : typeof t === 'number' ? t : Date.parse(t));

/** A value out of a picker's list: anything else is refused, so a typo never reads as "nothing happened". */
const oneOf = (words: Record<string, unknown>) => z.enum(Object.keys(words) as [string, ...string[]]);

/** Filters both logs share: a person (account or name containing the text), an address (starts with), a time range. */
const common = {
  userId: text(LIMITS.accountMax).optional(),
  ip: text(LIMITS.ipMax).optional(),
  startTime: time,
  endTime: time,
};
const signInFilterShape = {
  ...common,
  /** An application's app id. */
  appId: text(LIMITS.appIdMax).optional(),
  result: z.enum([LogResult.SUCCESS, LogResult.FAILURE]).optional(),
  /** How the person signed in (ACCOUNT, MSG_CODE, SECOND_AUTH, SSO…): one of the methods the log writes. */
  optType: oneOf(ACCESS_TYPES).optional(),
  /** Sign-ins judged at this risk level (adaptive sign-in). */
  riskLevel: z.enum(RISK_LEVELS).optional(),
  /** Sign-ins on which this signal fired. */
  riskSignal: z.enum(RISK_SIGNALS).optional(),
};
const operationFilterShape = {
  ...common,
  /** One of the scenes the log writes (contract/dictionaries.ts). */
  sceneCode: oneOf(ALL_SCENE_CODES).optional(),
  /** What an administrator's change touched, starting with (e.g. "user:" or "policy:"). */
  target: text(LIMITS.textMax).optional(),
};

/** A range that ends before it starts is refused, naming endTime. */
const ordered = (f: { startTime?: TimeFilter; endTime?: TimeFilter }) => {
  const from = timeMs(f.startTime);
  const to = timeMs(f.endTime);
  return from === undefined || to === undefined || from <= to;
};
const orderedRange = { message: 'must not be before startTime', path: ['endTime'] };

export const signInLogListBody = pageRequest.extend(signInFilterShape).extend(sortOf(ADMIN_SORTABLE.signInLog).shape).refine(ordered, orderedRange);
export const signInLogExportQuery = z.object(signInFilterShape).refine(ordered, orderedRange);
export const operationLogListBody = pageRequest.extend(operationFilterShape).extend(sortOf(ADMIN_SORTABLE.operationLog).shape).refine(ordered, orderedRange);
export const operationLogExportQuery = z.object(operationFilterShape).refine(ordered, orderedRange);

export type SignInLogFilters = z.infer<typeof signInLogExportQuery>;
export type OperationLogFilters = z.infer<typeof operationLogExportQuery>;

export const adminSignInLogRow = z.object({
  id: idOut,
  /** The account as typed (unknown accounts are logged too). */
  userId: z.string(),
  /** The person's name when the account exists. */
  userName: z.string().nullable(),
  optType: z.string(),
  appName: z.string().nullable(),
  isSuccess: z.boolean(),
  /** The answer's result code, and its text in the caller's language. */
  resultCode: z.string(),
  loginMsg: z.string(),
  ip: z.string(),
  deviceName: z.string().nullable(),
  createdDate: isoTime,
  /** How the sign-in was judged; null when it was not (refused before the credentials were proven, or older than adaptive sign-in). */
  risk: riskJudgement.nullable(),
});
export type AdminSignInLogRow = z.infer<typeof adminSignInLogRow>;

export const adminOperationLogRow = z.object({
  id: idOut,
  userId: z.string(),
  userName: z.string(),
  sceneCode: z.string(),
  /** The stable key of what the change touched, e.g. `user:zhangsan` or `notice:11`. */
  target: z.string().nullable(),
  /** The name the target stands for now (a person's, an application's, a notice's title…); null when none resolves. */
  targetName: z.string().nullable(),
  /** An administrator's change: the values before and after (secrets masked). */
  changes: z.object({ before: z.unknown(), after: z.unknown() }).nullable(),
  detail: z.string().nullable(),
  ip: z.string(),
  createdDate: isoTime,
});
export type AdminOperationLogRow = z.infer<typeof adminOperationLogRow>;
