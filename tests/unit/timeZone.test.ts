import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config.js';
import { localDate, localDayEdges, localDayStart, localHour } from '../../server/platform/lib/timeZone.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe("the company's calendar days", () => {
  it('starts a Shanghai day at 16:00 UTC the day before, so 01:30 there is already the next date', () => {
    const at = Date.parse('2026-11-28T17:30:00Z');
    expect(iso(localDayStart(at, 'Asia/Shanghai'))).toBe('2026-11-28T16:00:00.000Z');
    expect(localDate(at, 'Asia/Shanghai')).toBe('2026-11-29');
    expect(localDate(at, 'UTC')).toBe('2026-11-28');
  });

  it("answers the local hour second by second across summer time's edges and in a zone three-quarters off the hour", () => {
    const hourOf = (ms: number, zone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(ms));
    for (const [zone, edge] of [['America/New_York', '2026-03-08T07:00:00Z'], ['America/New_York', '2026-11-01T06:00:00Z'], ['Asia/Kathmandu', '2026-11-28T18:15:00Z']] as const) {
      // Ascending, then once more descending: the remembered minute must never answer another.
      const seconds = Array.from({ length: 240 }, (_, i) => Date.parse(edge) - 120_000 + i * 1000 + 500);
      for (const ms of [...seconds, ...seconds.reverse()]) expect(localHour(ms, zone), `${zone} ${iso(ms)}`).toBe(hourOf(ms, zone));
    }
    expect(localHour(Date.parse('1960-06-01T12:10:00Z'), 'Africa/Monrovia')).toBe(hourOf(Date.parse('1960-06-01T12:10:00Z'), 'Africa/Monrovia'));
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
