import { LIMITS, MOBILE_PATTERN } from '../../contract/rules.js';
import { AppError } from '../platform/lib/errors.js';
import { text } from '../platform/lib/texts.js';
import { randomDigits, randomId, safeEqual, sha256 } from '../platform/lib/crypto.js';
import type { Otp } from './otpsRepository.js';
import type { ServiceContext } from '../composition/context.js';
import type { SendProof, SmsBudgetService } from './budget.js';
import { CODE } from '../../contract/codes.js';
import { metrics } from '../platform/ops/metrics.js';

export type OtpPurpose = 'register' | 'msg-login' | 'second-auth' | 'bind-phone' | 'self-pwd' | 'forget-pwd' | 'change-pwd' | 'change-mobile-old' | 'change-mobile-new' | 'bind-master';

const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

export interface OtpSend {
  purpose: OtpPurpose;
  mobileNo: string;
  /** The account the code is for; null when the number matches none (nothing is texted). */
  userRef: number | null;
  deliver: boolean;
  /** The address asking, for the per-address budgets. */
  ip: string;
  proof: SendProof;
}

/**
 * One-time codes by SMS: 6 CSPRNG digits, 5 minutes, single use, at most 5 comparisons per code.
 * Texts are charged to the SMS budgets and queued in the outbox; the request never waits for
 * the gateway, so a number that matches no account answers alike and in the same time.
 */
export function otpService(ctx: ServiceContext, deps: { budget: SmsBudgetService; outbox: { kick(): void } }) {
  const { ttlSeconds, maxTries } = ctx.config.otp;
  const repo = ctx.repos.otps;

  return {
    /**
     * Issues a code for a number. `deliver: false` charges and records the send without texting
     * anyone, so a number that matches no account meets the same budgets and answers as a real one.
     */
    async send(opts: OtpSend): Promise<{ msgCodeKey: string }> {
      const { purpose, mobileNo } = opts;
      if (!MOBILE_PATTERN.test(mobileNo)) throw new AppError(CODE.smsRefused);
      const account = opts.userRef === null ? `mobile:${mobileNo}` : `user:${opts.userRef}`;
      const charges = await deps.budget.charge({ account, mobileNo, purpose, ip: opts.ip, proof: opts.proof });
      const now = ctx.clock.now();
      const id = randomId(16);
      const code = randomDigits(LIMITS.otpLength);
      await repo.create({ id, purpose, mobileNo, userRef: opts.userRef, codeHash: codeHash(id, opts.deliver ? code : randomId(8)), createdAt: now, expiresAt: now + ttlSeconds * 1000, tries: 0, used: false });
      if (opts.deliver) {
        const minutes = Math.round(ttlSeconds / 60);
        const content = text('sms.otp', 'zh', { code, minutes });
        await ctx.repos.smsOutbox.enqueue({ mobileNo, purpose, content, sentAt: now, charges });
        deps.outbox.kick();
      }
      return { msgCodeKey: id };
    },

    /**
     * The newest code for a number, purpose and account if it can still be checked (unexpired,
     * unused, tries left), with the whole seconds until the resend interval lets a new one go.
     * Nothing is taken: checking it later counts its tries as before.
     */
    async live(q: { purpose: OtpPurpose; mobileNo: string; userRef: number }): Promise<{ otp: Otp | null; resendIn: number }> {
      const now = ctx.clock.now();
      const row = await repo.latest(q);
      const resendIn = row ? Math.max(0, Math.ceil((row.createdAt + ctx.config.otp.resendSeconds * 1000 - now) / 1000)) : 0;
      const usable = !!row && !row.used && row.expiresAt > now && row.tries < maxTries;
      return { otp: usable ? row : null, resendIn };
    },

    /**
     * Checks a code against its key, purpose and number. The try is taken in the same statement
     * that finds the code, so racing guesses get at most `maxTries` comparisons between them.
     * Wrong → E10802 (E10803 once the tries are used up, after which even the right code is
     * refused); expired, used or unknown → E10801.
     */
    verify(opts: { msgCodeKey: string | undefined; code: string | undefined; purpose: OtpPurpose; mobileNo?: string | null }): Promise<Otp> {
      return metrics.otpCheck(opts.purpose, this.check(opts));
    },

    /** verify without counting it on /metrics. */
    async check(opts: { msgCodeKey: string | undefined; code: string | undefined; purpose: OtpPurpose; mobileNo?: string | null }): Promise<Otp> {
      if (!opts.msgCodeKey || !opts.code) throw new AppError(CODE.codeWrong);
      const now = ctx.clock.now();
      const row = await repo.takeTry({ id: opts.msgCodeKey, purpose: opts.purpose, mobileNo: opts.mobileNo ?? null, now, maxTries });
      if (!row) {
        const found = await repo.find(opts.msgCodeKey);
        const live = found && found.purpose === opts.purpose && (!opts.mobileNo || found.mobileNo === opts.mobileNo) && !found.used && found.expiresAt > now;
        throw new AppError(live && found.tries >= maxTries ? CODE.codeVoid : CODE.codeExpired);
      }
      if (!safeEqual(row.codeHash, codeHash(row.id, opts.code.trim()))) throw new AppError(row.tries >= maxTries ? CODE.codeVoid : CODE.codeWrong);
      if (!(await repo.consume(row.id))) throw new AppError(CODE.codeExpired);
      return row;
    },
  };
}

export type OtpService = ReturnType<typeof otpService>;
