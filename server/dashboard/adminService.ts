import { CODE } from '../../contract/codes.js';
import { ApplyStatus, SecurityEventKind } from '../../contract/enums.js';
import type { AdminHome, SecurityEvent } from '../../contract/schemas/admin/home.js';
import { DAY, MINUTE } from '../platform/lib/clock.js';
import { localDate, localDayEdges } from '../platform/lib/timeZone.js';
import { parseChanges } from '../audit/logChanges.js';
import { targetNames } from '../audit/logTargets.js';
import type { DayCount, LogEvent } from './statsRepository.js';
import type { ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';

/** Days in the sign-in series, today included. */
const SERIES_DAYS = 30;
/**
 * Security events shown, and how far back they are looked for: the search reads the time index
 * backwards until it has them, so a quiet week costs a week of rows, never more.
 */
const EVENTS_SHOWN = 20;
const EVENTS_WINDOW_DAYS = 7;
/**
 * How long an instance keeps the counts of the series' finished days. Log rows are written with
 * the time they happen, so a finished day does not change; the recount only catches rows of
 * instances whose clocks run a little behind.
 */
const FINISHED_DAYS_MS = 5 * MINUTE;
/** The sign-in type factors/smsSecondFactor.ts records a second-factor check under. */
const SECOND_FACTOR_TYPE = 'SECOND_AUTH';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Workbench: the home page in one answer. Every number is one indexed count (the users, read
 * once); the series is bucketed by day in SQL over the time index: today's bucket on every call,
 * the 29 finished days once per day and instance (recounted after a few minutes).
 */
export function adminHomeService(ctx: ServiceContext, base: BaseServices) {
  const stats = ctx.repos.admin.stats;
  // Days are the company's calendar days (COMPANY_TIME_ZONE): an administrator in Shanghai reads
  // "today" from their midnight, not from 08:00. Stored times stay UTC.
  const zone = ctx.config.timeZone;
  let finished: { from: number; countedAt: number; days: Promise<DayCount[]> } | null = null;

  function finishedDays(edges: number[], now: number): Promise<DayCount[]> {
    const from = edges[0];
    if (!finished || finished.from !== from || now < finished.countedAt || now - finished.countedAt >= FINISHED_DAYS_MS) {
      const entry = { from, countedAt: now, days: stats.signInsPerDay(edges) };
      finished = entry;
      entry.days.catch(() => { if (finished === entry) finished = null; });
    }
    return finished.days;
  }

  function event(kind: SecurityEvent['kind'], e: LogEvent, targetName: string | null = null): SecurityEvent {
    return { kind, userId: e.account, userName: e.userName, code: e.code, target: e.target, targetName, changes: parseChanges(e.changes), ip: e.ip, createdDate: iso(e.createdAt), risk: e.risk };
  }

  return {
    async summary(): Promise<AdminHome> {
      const now = ctx.clock.now();
      const edges = localDayEdges(now, SERIES_DAYS, zone);
      const today = edges[SERIES_DAYS - 1];
      const since = now - EVENTS_WINDOW_DAYS * DAY;
      const { idleMinutes } = (await base.settings.current()).sessions;
      const [users, past, todays, activeSessions, lockedAccounts, pendingRequests, signInEvents, adminChanges] = await Promise.all([
        stats.users(),
        finishedDays(edges.slice(0, SERIES_DAYS), now),
        stats.signInsPerDay([today, edges[SERIES_DAYS]]),
        ctx.repos.admin.sessions.countLive({ now, seenSince: now - idleMinutes * MINUTE }),
        stats.lockedAccounts(now),
        stats.pendingRequests(ApplyStatus.PENDING),
        stats.signInEvents(since, [CODE.accountLocked], SECOND_FACTOR_TYPE, EVENTS_SHOWN),
        stats.adminChanges(since, EVENTS_SHOWN),
      ]);
      const changedNames = await targetNames(ctx.repos, adminChanges.map((e) => e.target));
      const byDay = new Map(past.map((d) => [d.day, d]));
      for (const d of todays) byDay.set(SERIES_DAYS - 1, d);
      const series = Array.from({ length: SERIES_DAYS }, (_, i) => ({
        day: localDate(edges[i], zone), success: byDay.get(i)?.success ?? 0, failure: byDay.get(i)?.failure ?? 0,
      }));
      const events = [
        ...signInEvents.map((e) => event(e.code === CODE.accountLocked ? SecurityEventKind.LOCKED : SecurityEventKind.SECOND_FACTOR_FAILED, e)),
        ...adminChanges.map((e, i) => event(SecurityEventKind.ADMIN_CHANGE, e, changedNames[i])),
      ].sort((a, b) => b.createdDate.localeCompare(a.createdDate)).slice(0, EVENTS_SHOWN);
      const { success, failure } = series[SERIES_DAYS - 1];
      return {
        users: users.total, enabledUsers: users.enabled, activeSessions, signInsToday: success, failuresToday: failure,
        lockedAccounts, pendingRequests, series, events, timezone: zone,
      };
    },
  };
}
