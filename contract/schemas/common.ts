import { z } from 'zod';
import { LIMITS } from '../rules.js';

/**
 * A bounded string field, and the only way a schema takes a string: every input has a ceiling
 * so huge bodies fail cleanly, and NUL is refused because PostgreSQL cannot store it in text.
 */
export const text = (max: number = LIMITS.textMax) =>
  z.string().max(max).refine((s) => !s.includes('\u0000'), 'must not contain a NUL character');

/** The largest value of a PostgreSQL `integer` column; ids and counters above it fail the query. */
export const INT32_MAX = 2 ** 31 - 1;
/** The last millisecond a JavaScript Date can hold: later times cannot be formatted. */
export const TIME_MS_MAX = 8.64e15;

/**
 * A whole number within [min, max], as JSON writes one: every integer input is one. No coercion:
 * `true`, `[1]`, `"0x9e"`, `"1e0"` or `"1"` are not numbers (coercion read `{"id": true}` as
 * id 1), and 1.5 is not whole.
 */
export const intIn = (min: number, max: number) => z.number().int().min(min).max(max);
/** The id of a stored row. */
export const recordId = () => intIn(1, INT32_MAX);

/**
 * An integer as a query string writes it: plain decimal digits, an optional minus, no leading
 * zero, sign, blank, fraction, exponent or hex; at most 16 digits (the largest bound is
 * TIME_MS_MAX), so the number is exact before the range check.
 */
export const DECIMAL_INTEGER = /^(0|-?[1-9][0-9]{0,15})$/;
/** A query-string value read as the integer its decimal digits say; anything else is left as it came, for the schema to refuse. */
export const fromQueryString = (value: unknown): unknown => (typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : value);
/** An integer field of a query string (a GET the server answers outside the contract's endpoints, as SCIM's lists). */
export const queryIntIn = (min: number, max: number) => z.preprocess(fromQueryString, intIn(min, max));
export const pageRequest = z.object({
  pageNum: intIn(1, INT32_MAX).default(1),
  pageSize: intIn(1, LIMITS.pageSizeMax).default(LIMITS.defaultPageSize),
});
export type PageRequest = z.infer<typeof pageRequest>;

export interface PageResult<T> {
  datas: T[];
  total: number;
  /** true when there are more rows than the total says (counting stops at 10,000). */
  totalCapped?: boolean;
}

/** A page of rows as an answer declares it. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ datas: z.array(item), total: z.number().int().min(0), totalCapped: z.boolean().optional() });

/** An answer with nothing in `data`. */
export const nothing = z.null();
/** A moment as the API writes it (ISO 8601, UTC). */
export const isoTime = z.string();
/** A record's numeric id in an answer. */
export const idOut = z.number().int();

/** Device fields every sign-in sends. */
export const deviceFields = {
  deviceId: text(LIMITS.deviceIdMax).optional(),
  deviceName: text(LIMITS.deviceNameMax).optional(),
};

/** Unknown fields are dropped, so nothing unvalidated reaches a service. */
export const emptyBody = z.object({}).optional();

/** A text the demo/test server would have sent (GET /idaas/dev/sms and /dev/sms/outbox). */
export const outboxMessage = z.object({
  mobileNo: z.string(),
  purpose: z.string(),
  content: z.string(),
  /** The code in the text, for the demo drawer and tests. */
  code: z.string().nullable(),
  sentAt: isoTime,
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
