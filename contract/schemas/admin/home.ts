import { z } from 'zod';
import { SecurityEventKind } from '../../enums.js';
import { isoTime } from '../common.js';
import { riskJudgement } from '../risk.js';

const count = z.number().int().min(0);

/** One day of the sign-in series (UTC days, like every date the API writes). */
export const signInDay = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  success: count,
  failure: count,
});

export const securityEvent = z.object({
  kind: z.enum([SecurityEventKind.LOCKED, SecurityEventKind.SECOND_FACTOR_FAILED, SecurityEventKind.ADMIN_CHANGE]),
  /** Whose sign-in, or which administrator. */
  userId: z.string(),
  userName: z.string().nullable(),
  /** The result code of a sign-in event; the scene of an administrator's change. */
  code: z.string(),
  /** What an administrator's change touched, and the name it stands for now (null when none resolves). */
  target: z.string().nullable(),
  targetName: z.string().nullable(),
  /** An administrator's change: the values before and after (secrets masked); null for sign-in events. */
  changes: z.object({ before: z.unknown(), after: z.unknown() }).nullable(),
  ip: z.string(),
  createdDate: isoTime,
  /** How a sign-in event was judged (adaptive sign-in); null for administrators' changes and sign-ins not judged. */
  risk: riskJudgement.nullable(),
});
export type SecurityEvent = z.infer<typeof securityEvent>;

/** The workbench's home page in one answer. "Today" and the series' days are UTC days. */
export const adminHome = z.object({
  users: count,
  enabledUsers: count,
  activeSessions: count,
  signInsToday: count,
  failuresToday: count,
  /** Accounts whose sign-in lock has not run out yet. */
  lockedAccounts: count,
  pendingRequests: count,
  /** The last 30 days of the company's calendar (`timezone`), oldest first, today last. */
  series: z.array(signInDay),
  /** The 20 newest security events of the last 7 days. */
  events: z.array(securityEvent),
  /** The IANA time zone the days are counted in (the server's COMPANY_TIME_ZONE), e.g. Asia/Shanghai. */
  timezone: z.string().max(64),
});
export type AdminHome = z.infer<typeof adminHome>;
