import { AppError } from '../platform/lib/errors.js';
import { HOUR, MINUTE, startOfDay } from '../platform/lib/clock.js';
import type { ServiceContext } from '../composition/context.js';
import type { CaptchaService } from '../sign-in/captcha.js';
import type { SettingsService } from '../policies/settings.js';
import { CODE, type ResultCode } from '../../contract/codes.js';

/** The limit-counter subject whose lock says the SMS gateway failed and is resting. */
export const GATEWAY_SUBJECT = 'sms-gateway';
/** Window of the "captcha after N sends from one address" rule. */
const CAPTCHA_WINDOW = 10 * MINUTE;
const UNLIMITED = 1_000_000_000;
/** Sign-in alert texts a number gets a day, apart from the code budgets: an alert never costs a person a code. */
export const ALERT_TEXTS_PER_DAY = 3;

/** What proves a person is asking: a captcha answer given with the send, or an earlier proof in the flow. */
export type SendProof = { capKey?: string; capText?: string } | 'proven';

export interface SmsCharge {
  /** Whose budget the text is charged to: the account, or the number when it matches none. */
  account: string;
  mobileNo: string;
  purpose: string;
  ip: string;
  proof: SendProof;
}

/**
 * The budgets every text is charged against before it is queued, each taken by one atomic
 * statement: one per number and purpose per resend interval, a captcha after a few sends from
 * one address, an hourly cap per address and per account, a daily cap per number across
 * purposes. A refusal gives back what was taken; so does a text the gateway never delivers.
 */
export function smsBudgetService(ctx: ServiceContext, captcha: CaptchaService, settings: SettingsService) {
  const repo = ctx.repos.limits;
  const { resendSeconds } = ctx.config.otp;
  const { ipCaptchaAfter, ipPerHour, accountPerHour } = ctx.config.sms;

  async function giveBack(subjects: string[]): Promise<void> {
    for (const subject of subjects) await repo.give(subject);
  }

  async function gatewayResting(now: number): Promise<boolean> {
    const row = await repo.get(GATEWAY_SUBJECT);
    return !!row?.lockedUntil && row.lockedUntil > now;
  }

  return {
    giveBack,

    /** Takes every budget for one text; returns the subjects charged (to give back on failure). */
    async charge(c: SmsCharge): Promise<string[]> {
      const { dailyPerNumber } = (await settings.current()).sms;
      const now = ctx.clock.now();
      // A captcha shown with the form is always checked, needed or not.
      let proven = c.proof === 'proven';
      if (c.proof !== 'proven' && (c.proof.capKey || c.proof.capText)) {
        if (!(await captcha.verify(c.proof.capKey, c.proof.capText))) throw new AppError(CODE.codeWrong);
        proven = true;
      }
      if (await gatewayResting(now)) throw new AppError(CODE.smsGatewayResting);

      // Each budget says what its count means: spent (null) is its refusal; the address's
      // 10-minute count never runs out but asks for a captcha past the threshold.
      const spent = (code: ResultCode) => (hits: number | null) => (hits === null ? code : null);
      const budgets: { subject: string; windowStart: number; limit: number; refusal: (hits: number | null) => ResultCode | null }[] = [
        { subject: `sms-resend:${c.mobileNo}:${c.purpose}`, windowStart: now - resendSeconds * 1000, limit: 1, refusal: spent(CODE.sentTooOften) },
        { subject: `sms-ip10:${c.ip}`, windowStart: now - CAPTCHA_WINDOW, limit: UNLIMITED, refusal: (hits) => (hits !== null && hits > ipCaptchaAfter && !proven ? CODE.captchaRequired : null) },
        { subject: `sms-ip:${c.ip}`, windowStart: now - HOUR, limit: ipPerHour, refusal: spent(CODE.tooManyRequests) },
        { subject: `sms-acct:${c.account}`, windowStart: now - HOUR, limit: accountPerHour, refusal: spent(CODE.smsAccountHourly) },
        { subject: `sms-day:${c.mobileNo}`, windowStart: startOfDay(now), limit: dailyPerNumber, refusal: spent(CODE.smsDailyLimit) },
      ];
      const taken: string[] = [];
      for (const budget of budgets) {
        const hits = await repo.take(budget.subject, now, budget.windowStart, budget.limit);
        const refusal = budget.refusal(hits);
        if (hits !== null) taken.push(budget.subject);
        if (refusal) {
          await giveBack(taken);
          throw new AppError(refusal);
        }
      }
      return taken;
    },

    /**
     * Takes a place in the number's daily budget of sign-in alert texts (one atomic statement);
     * null when it is spent or the gateway is resting: the alert is then only in the personal centre.
     */
    async chargeAlert(mobileNo: string): Promise<string[] | null> {
      const now = ctx.clock.now();
      if (await gatewayResting(now)) return null;
      const subject = `sms-alert-day:${mobileNo}`;
      return (await repo.take(subject, now, startOfDay(now), ALERT_TEXTS_PER_DAY)) === null ? null : [subject];
    },

    /** The gateway failed: refuse sends for a while instead of charging texts that cannot leave. */
    rest: (until: number) => repo.lock(GATEWAY_SUBJECT, until),
    recovered: () => repo.reset(GATEWAY_SUBJECT),
  };
}

export type SmsBudgetService = ReturnType<typeof smsBudgetService>;
