import { AppError } from '../platform/lib/errors.js';
import { HOUR, MINUTE } from '../platform/lib/clock.js';
import type { ServiceContext } from '../composition/context.js';
import { CODE } from '../../contract/codes.js';
import type { SettingsService } from '../policies/settings.js';

export const accountKey = (account: string) => `acct:${account.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** A credential check that holds its place in the budgets until it is known how it went. */
export interface Attempt {
  /** Earlier attempts in the window reached the captcha threshold (account or address). */
  captchaRequired: boolean;
  /** Nothing was checked after all (captcha missing or wrong): give the place back. */
  cancel(): Promise<void>;
  /** The credential was wrong: the place stays taken; the account locks at the threshold (for `minutes`). */
  failed(): Promise<{ locked: boolean; minutes: number }>;
  /** The credential was right: the account's counter starts afresh, the address gets its place back. */
  succeeded(): Promise<void>;
  /**
   * What `succeeded` does, for a caller that writes it with its own (a sign-in's session): the
   * address's unit given back and the account cleared at `now`; `settled` once that committed.
   * Null when no account was reserved.
   */
  settlement(settled: () => void): Settlement | null;
  /**
   * Failed (or still running) checks before this one: against the account in its lock window, from
   * the address in the hour — what the risk signals read, taken before `succeeded` clears them.
   */
  failures: RecentFailures;
}

/** A successful credential check's settlement of its budgets (LimitCountersRepo.settle), written by the caller. */
export interface Settlement { given: string; cleared: string; now: number; settled(): void }

/** Recent failed credential checks, as the budgets count them. */
export interface RecentFailures { account: number; address: number }

/**
 * Sign-in budgets, reserved before the expensive check rather than counted after it, so tens of
 * guesses arriving at once get no more checks between them than one after another would.
 * Unknown account names are counted exactly like real ones: the answers reveal nothing. The
 * thresholds are the live sign-in policy (workbench), read at each attempt.
 */
export function throttleService(ctx: ServiceContext, settings: SettingsService) {
  const { ipCaptchaAfter, windowMinutes } = ctx.config.lockout;
  const repo = ctx.repos.limits;

  async function lockedFor(subject: string, lockMinutes: number): Promise<AppError> {
    const now = ctx.clock.now();
    const row = await repo.get(subject);
    const until = row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : now + lockMinutes * MINUTE;
    return new AppError(CODE.accountLocked, { minutes: Math.max(1, Math.ceil((until - now) / MINUTE)) });
  }

  async function ipFailures(ip: string): Promise<number> {
    const row = await repo.get(ipKey(ip));
    return row && row.windowStart >= ctx.clock.now() - HOUR ? row.hits : 0;
  }

  return {
    /** E00429 over the hourly budget, E30127 once the address should show a captcha up front. */
    async ipCheck(ip: string): Promise<void> {
      const { ipFailuresPerHour } = (await settings.current()).signIn;
      const failures = await ipFailures(ip);
      if (failures >= ipFailuresPerHour) throw new AppError(CODE.tooManyRequests);
      if (failures >= ipCaptchaAfter) throw new AppError(CODE.captchaRequired);
    },

    /**
     * Takes a place for one credential check in the address's hourly budget and, when
     * `subject` is given, in the account's lock window: E00429 or E30053 when there is none left.
     */
    async reserve(subject: string | null, ip: string): Promise<Attempt> {
      const { captchaAfter, lockAfter, lockMinutes, ipFailuresPerHour } = (await settings.current()).signIn;
      const now = ctx.clock.now();
      const address = { subject: ipKey(ip), now, windowStartAfter: now - HOUR, limit: ipFailuresPerHour };
      const taken = subject === null
        ? { first: await repo.take(address.subject, now, address.windowStartAfter, address.limit), second: 0 }
        : await repo.takeBoth(address, { subject, now, windowStartAfter: now - windowMinutes * MINUTE, limit: lockAfter });
      const ipHits = taken.first;
      if (ipHits === null) throw new AppError(CODE.tooManyRequests);
      const hits = taken.second;
      if (hits === null) {
        await repo.give(ipKey(ip));
        throw await lockedFor(subject!, lockMinutes);
      }
      return {
        captchaRequired: hits > captchaAfter || ipHits > ipCaptchaAfter,
        failures: { account: Math.max(0, hits - 1), address: Math.max(0, ipHits - 1) },
        async cancel() {
          await repo.give(ipKey(ip));
          if (subject !== null) await repo.give(subject);
        },
        async failed() {
          if (subject === null || hits < lockAfter) return { locked: false, minutes: 0 };
          await repo.lock(subject, ctx.clock.now() + lockMinutes * MINUTE);
          return { locked: true, minutes: lockMinutes };
        },
        settlement: (settled) => (subject === null ? null : { given: ipKey(ip), cleared: subject, now: ctx.clock.now(), settled }),
        async succeeded() {
          if (subject === null) await repo.give(ipKey(ip));
          else await repo.settle(ipKey(ip), subject, ctx.clock.now());
        },
      };
    },

    /** The failures the budgets hold against an account and an address now (a sign-in that reserved no place). */
    async recentFailures(account: string, ip: string): Promise<RecentFailures> {
      const [row, address] = await Promise.all([repo.get(accountKey(account)), ipFailures(ip)]);
      const accountFailures = row && row.windowStart >= ctx.clock.now() - windowMinutes * MINUTE ? row.hits : 0;
      return { account: accountFailures, address };
    },

    /** Clears an account's failures (its password was just reset by a proven owner). */
    clearAccount: (account: string) => repo.reset(accountKey(account)),
  };
}

export type ThrottleService = ReturnType<typeof throttleService>;
