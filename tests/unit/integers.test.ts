import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT32_MAX, TIME_MS_MAX, fromQueryString, intIn, queryIntIn, recordId } from '../../contract/schemas/common.js';
import { integerFields, topLevelIntegerNames } from '../../contract/schemas/integers.js';

/** What coercion used to read as a number, and other things no integer is. */
const NOT_INTEGERS: unknown[] = [
  true, false, null, [1], [[158]], ['1'], { valueOf: 1 }, '0x9e', '1e0', '1.0', '1', '', ' ', ' 1', '1 ', '+1', '01',
  1.5, -0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '١٢٣',
];

describe('integer inputs', () => {
  it('take JSON integers within their range, and nothing else', () => {
    const id = recordId();
    expect(id.parse(1)).toBe(1);
    expect(id.parse(INT32_MAX)).toBe(INT32_MAX);
    for (const value of [0, -1, INT32_MAX + 1, ...NOT_INTEGERS]) expect(id.safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(intIn(0, 5).parse(0)).toBe(0);
  });

  it('name the field in the refusal', () => {
    const error = z.object({ id: recordId() }).safeParse({ id: true }).error!;
    expect(error.issues[0].path).toEqual(['id']);
    expect(error.issues[0].message).toMatch(/expected number, received boolean/);
  });

  it('read plain decimal digits of a query string, and leave any other text for the schema to refuse', () => {
    expect(fromQueryString('0')).toBe(0);
    expect(fromQueryString('158')).toBe(158);
    expect(fromQueryString('-7')).toBe(-7);
    expect(fromQueryString(String(TIME_MS_MAX))).toBe(TIME_MS_MAX);
    for (const text of ['0x9e', '1e0', '1.0', '', ' 1', '1 ', '+1', '01', '-0', '-', 'true', '12345678901234567']) expect(fromQueryString(text)).toBe(text);
    expect(fromQueryString(['1', '2'])).toEqual(['1', '2']);
    const count = queryIntIn(-10, 10);
    expect(count.parse('-3')).toBe(-3);
    expect(count.parse(4)).toBe(4);
    expect(count.safeParse('11').success).toBe(false);
    for (const value of ['0x9e', '1e0', '1.0', '', ' 1', true, [1], 1.5]) expect(count.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it('are all found by walking a schema: nested objects, lists, unions, optional and default wrappers', () => {
    const schema = z.object({
      id: recordId(),
      page: intIn(1, 9).default(1),
      when: z.union([intIn(0, TIME_MS_MAX), z.iso.date()]).optional(),
      ids: z.array(recordId()).max(3),
      nested: z.object({ n: intIn(0, 3).nullable() }).optional(),
      name: z.string(),
      ratio: z.number(),
      start: queryIntIn(0, 5).optional(),
    }).refine(() => true);
    const fields = integerFields(schema);
    expect(fields.map((f) => f.path)).toEqual([['id'], ['page'], ['when'], ['ids', 0], ['nested', 'n'], ['start']]);
    expect(fields.find((f) => f.path[0] === 'when')!.alternatives).toHaveLength(1);
    expect(topLevelIntegerNames(schema)).toEqual(['id', 'page', 'when', 'start']);
    expect(integerFields(undefined)).toEqual([]);
  });
});
