/**
 * Calendar days of the company's time zone (COMPANY_TIME_ZONE), for counts "per day" that a
 * person reads as their own days. Times stay UTC milliseconds everywhere else; only the edges of
 * a day are computed here, from the zone's rules (Intl), so a zone with summer time has days of
 * 23 and 25 hours and its buckets still start at local midnight.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the runtime knows the zone (an IANA name such as Asia/Shanghai, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

interface LocalTime { year: number; month: number; day: number; hour: number; minute: number; second: number }

function localTimeOf(ms: number, zone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** How far the zone's wall clock is ahead of UTC at that instant (ms, whole seconds). */
function offsetAt(ms: number, zone: string): number {
  const t = localTimeOf(ms, zone);
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant the local day `year-month-day` begins (midnight, or the first moment after a gap at midnight). */
function startOfLocalDate(year: number, month: number, day: number, zone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  // Two rounds settle the offset when the guess falls on the other side of a change.
  let guess = wall - offsetAt(wall, zone);
  guess = wall - offsetAt(guess, zone);
  const t = localTimeOf(guess, zone);
  // A zone that skips midnight (a few change at 00:00) starts the day at the end of the gap.
  return t.day === day ? guess : guess + (24 - t.hour) * 3_600_000 - t.minute * 60_000;
}

/** Each zone's last answered UTC minute and its local hour. */
const lastHour = new Map<string, { minute: number; hour: number }>();
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1973, 0, 1);

/**
 * The hour of the local day (0–23) at `ms`. Every sign-in asks it (risk judgement) and Intl's
 * formatToParts costs ≈ 12 µs, so each zone's last minute is remembered: offsets have been whole
 * minutes, changing on a minute's edge, since 1972 (Liberia's -0:44:30 the last), so one UTC
 * minute is one local hour. Earlier instants are always computed.
 */
export function localHour(ms: number, zone: string): number {
  if (ms < WHOLE_MINUTE_OFFSETS_SINCE) return localTimeOf(ms, zone).hour;
  const minute = Math.floor(ms / 60_000);
  const last = lastHour.get(zone);
  if (last?.minute === minute) return last.hour;
  const { hour } = localTimeOf(ms, zone);
  lastHour.set(zone, { minute, hour });
  return hour;
}

/** The start of the local day holding `ms`. */
export function localDayStart(ms: number, zone: string): number {
  const t = localTimeOf(ms, zone);
  return startOfLocalDate(t.year, t.month, t.day, zone);
}

/** The local date holding `ms` as YYYY-MM-DD. */
export function localDate(ms: number, zone: string): string {
  const t = localTimeOf(ms, zone);
  return `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

/**
 * The starts of `days` consecutive local days ending with the one holding `ms`, and the start of
 * the day after: `days + 1` edges, oldest first.
 */
export function localDayEdges(ms: number, days: number, zone: string): number[] {
  const t = localTimeOf(ms, zone);
  const edges: number[] = [];
  for (let i = days - 1; i >= -1; i--) {
    // Date.UTC carries a day of 0 or below into the month before.
    const d = new Date(Date.UTC(t.year, t.month - 1, t.day - i));
    edges.push(startOfLocalDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), zone));
  }
  return edges;
}
