import { z } from 'zod';
import { LIMITS } from '../rules.js';

/** A bounded free-text field; every string input has a ceiling so huge bodies fail cleanly. */
export const text = (max: number = LIMITS.textMax) => z.string().max(max);

export const pageRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.defaultPageSize),
});
export type PageRequest = z.infer<typeof pageRequest>;

export interface PageResult<T> {
  datas: T[];
  total: number;
  /** true when there are more rows than the total says (counting stops at 10,000). */
  totalCapped?: boolean;
}

/** Device fields every sign-in sends. */
export const deviceFields = {
  deviceId: text(LIMITS.deviceIdMax).optional(),
  deviceName: text(40).optional(),
};

export const emptyBody = z.object({}).loose().optional();

/** A text the demo/test server would have sent (GET /idaas/dev/sms and /dev/sms/outbox). */
export interface OutboxMessage {
  mobileNo: string;
  purpose: string;
  content: string;
  /** The code in the text, for the demo drawer and tests. */
  code: string | null;
  sentAt: string;
}
