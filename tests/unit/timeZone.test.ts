import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config.js';
import { localDate, localDayEdges, localDayStart } from '../../server/platform/lib/timeZone.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe("the company's calendar days", () => {
  it('starts a Shanghai day at 16:00 UTC the day before, so 01:30 there is already the next date', () => {
    const at = Date.parse('2026-11-28T17:30:00Z');
    expect(iso(localDayStart(at, 'Asia/Shanghai'))).toBe('2026-11-28T16:00:00.000Z');
    expect(localDate(at, 'Asia/Shanghai')).toBe('2026-11-29');
    expect(localDate(at, 'UTC')).toBe('2026-11-28');
  });

  it('gives 23- and 25-hour days where summer time starts and ends (New York)', () => {
    const spring = localDayEdges(Date.parse('2026-03-08T18:00:00Z'), 1, 'America/New_York');
    expect(spring.map(iso)).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    const autumn = localDayEdges(Date.parse('2026-11-01T18:00:00Z'), 1, 'America/New_York');
    expect(autumn[1] - autumn[0]).toBe(25 * 3_600_000);
  });

  it('keeps half-hour zones and month and year ends (Kolkata, 1 January)', () => {
    const edges = localDayEdges(Date.parse('2026-01-01T12:00:00Z'), 2, 'Asia/Kolkata');
    expect(edges.map(iso)).toEqual(['2025-12-30T18:30:00.000Z', '2025-12-31T18:30:00.000Z', '2026-01-01T18:30:00.000Z']);
    expect(localDate(edges[0], 'Asia/Kolkata')).toBe('2025-12-31');
  });

  it('defaults COMPANY_TIME_ZONE to Asia/Shanghai and refuses a zone the runtime does not know', () => {
    expect(readConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(readConfig({ COMPANY_TIME_ZONE: 'UTC' }).timeZone).toBe('UTC');
    expect(() => readConfig({ COMPANY_TIME_ZONE: 'Mars/Olympus' })).toThrow(/COMPANY_TIME_ZONE must be an IANA time zone/);
  });
});
