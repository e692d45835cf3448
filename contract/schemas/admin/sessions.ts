import { z } from 'zod';
import { LIMITS } from '../../rules.js';
import { idOut, isoTime, pageRequest, recordId, text } from '../common.js';
import { sortOf } from '../sort.js';
import { ADMIN_SORTABLE } from './sortable.js';

const account = text(LIMITS.accountMax).min(1);

/** sessions/list: live sessions, newest activity first; `userId` is one account, `keyWord` an account or name start. */
export const sessionListBody = pageRequest.extend({
  userId: text(LIMITS.accountMax).optional(),
  keyWord: text(LIMITS.searchMax).optional(),
}).extend(sortOf(ADMIN_SORTABLE.sessions).shape);
export const sessionIdBody = z.object({ id: recordId() });
export const sessionUserBody = z.object({ userId: account });

export const adminSession = z.object({
  id: idOut,
  userId: z.string(),
  userName: z.string(),
  deviceName: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  /** Read from the user agent: "Chrome 131", "Windows 10" / "iPhone"; null when it says nothing known. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdDate: isoTime,
  lastSeenDate: isoTime,
  /** When it ends at the latest (its absolute lifetime); idleness may end it sooner. */
  expiresDate: isoTime,
  /** The session this request came with. */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSession>;

export const sessionsEnded = z.object({ ended: z.number().int() });
