import { AppError } from '../http/errors.js';
import { HOUR, MINUTE } from '../lib/clock.js';
import type { ServiceContext } from './context.js';

const accountKey = (account: string) => `acct:${account.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Failed-sign-in counters. Unknown account names are counted exactly like real ones, so the
 * captcha and lock answers reveal nothing about which accounts exist.
 */
export function throttleService(ctx: ServiceContext) {
  const { captchaAfter, ipCaptchaAfter, lockAfter, windowMinutes, lockMinutes, ipFailuresPerHour } = ctx.config.lockout;
  const repo = ctx.repos.loginFailures;

  async function failuresInWindow(subject: string, windowMs: number): Promise<{ failures: number; lockedUntil: number | null }> {
    const row = await repo.get(subject);
    if (!row) return { failures: 0, lockedUntil: null };
    const now = ctx.clock.now();
    const failures = row.window_start >= now - windowMs ? row.failures : 0;
    return { failures, lockedUntil: row.locked_until && row.locked_until > now ? row.locked_until : null };
  }

  return {
    /** Refuses an IP over its hourly failure budget. */
    async assertIpAllowed(ip: string): Promise<void> {
      const { failures } = await failuresInWindow(ipKey(ip), HOUR);
      if (failures >= ipFailuresPerHour) throw new AppError('E00429');
    },
    async ipNeedsCaptcha(ip: string): Promise<boolean> {
      const { failures } = await failuresInWindow(ipKey(ip), HOUR);
      return failures >= ipCaptchaAfter;
    },
    /** E30053 while locked; otherwise whether a captcha must accompany the next try. */
    async accountState(account: string): Promise<{ captchaRequired: boolean }> {
      const { failures, lockedUntil } = await failuresInWindow(accountKey(account), windowMinutes * MINUTE);
      if (lockedUntil) throw new AppError('E30053', { minutes: Math.max(1, Math.ceil((lockedUntil - ctx.clock.now()) / MINUTE)) });
      return { captchaRequired: failures >= captchaAfter };
    },
    /** Counts a failure for the account and the IP; locks the account at the threshold. */
    async recordFailure(account: string, ip: string): Promise<{ locked: boolean }> {
      const now = ctx.clock.now();
      const failures = await repo.record(accountKey(account), now, now - windowMinutes * MINUTE);
      await repo.record(ipKey(ip), now, now - HOUR);
      if (failures >= lockAfter) {
        await repo.lock(accountKey(account), now + lockMinutes * MINUTE);
        return { locked: true };
      }
      return { locked: false };
    },
    recordSuccess: (account: string) => repo.reset(accountKey(account)),
  };
}

export type ThrottleService = ReturnType<typeof throttleService>;
