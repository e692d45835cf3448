import { LIMITS, MOBILE_PATTERN } from '../../contract/rules.js';
import { AppError } from '../http/errors.js';
import { randomDigits, randomId, safeEqual, sha256 } from '../lib/crypto.js';
import { startOfDay } from '../lib/clock.js';
import type { SmsGateway } from '../sms/gateway.js';
import type { OtpRow } from '../repositories/otps.js';
import type { ServiceContext } from './context.js';

export type OtpPurpose = 'msg-login' | 'second-auth' | 'bind-phone' | 'self-pwd' | 'forget-pwd' | 'change-pwd' | 'change-mobile-old' | 'change-mobile-new' | 'bind-master';

const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

/**
 * One-time codes by SMS: 6 CSPRNG digits, 5 minutes, single use, 5 wrong tries void the code,
 * 60 s between sends to a number for one purpose, a daily cap per number.
 */
export function otpService(ctx: ServiceContext, gateway: SmsGateway) {
  const { ttlSeconds, maxTries, resendSeconds, dailyPerNumber } = ctx.config.otp;
  const repo = ctx.repos.otps;

  return {
    /**
     * Issues a code for a number. `deliver: false` records the send without texting anyone, so
     * a number that matches no account meets the same timers and answers as a real one.
     */
    async send(opts: { purpose: OtpPurpose; mobileNo: string; userRef: number | null; deliver: boolean }): Promise<{ msgCodeKey: string }> {
      const { purpose, mobileNo } = opts;
      if (!MOBILE_PATTERN.test(mobileNo)) throw new AppError('E10805');
      const now = ctx.clock.now();
      const last = await repo.latest(mobileNo, purpose);
      if (last && last.created_at + resendSeconds * 1000 > now) throw new AppError('E00408');
      if ((await repo.countSince(mobileNo, startOfDay(now))) >= dailyPerNumber) throw new AppError('E10806');
      const id = randomId(16);
      const code = randomDigits(LIMITS.otpLength);
      await repo.create({ id, purpose, mobile_no: mobileNo, user_ref: opts.userRef, code_hash: codeHash(id, opts.deliver ? code : randomId(8)), created_at: now, expires_at: now + ttlSeconds * 1000, tries: 0, used: 0 });
      if (opts.deliver) {
        const minutes = Math.round(ttlSeconds / 60);
        await gateway.send({ mobileNo, purpose, content: `【统一身份认证】您的验证码为 ${code}，${minutes}分钟内有效，请勿泄露给他人。`, at: now });
      }
      return { msgCodeKey: id };
    },

    /**
     * Checks a code against its key, purpose and number. Wrong → E10802 (E10803 once the tries are
     * used up, after which even the right code is refused); expired, used or unknown → E10801.
     */
    async verify(opts: { msgCodeKey: string | undefined; code: string | undefined; purpose: OtpPurpose; mobileNo?: string | null }): Promise<OtpRow> {
      if (!opts.msgCodeKey || !opts.code) throw new AppError('E10802');
      const row = await repo.find(opts.msgCodeKey);
      if (!row || row.purpose !== opts.purpose || (opts.mobileNo && row.mobile_no !== opts.mobileNo)) throw new AppError('E10801');
      if (row.used === 1 || row.expires_at <= ctx.clock.now()) throw new AppError('E10801');
      if (row.tries >= maxTries) throw new AppError('E10803');
      if (!safeEqual(row.code_hash, codeHash(row.id, opts.code.trim()))) {
        const tries = await repo.addTry(row.id);
        throw new AppError(tries >= maxTries ? 'E10803' : 'E10802');
      }
      if (!(await repo.consume(row.id))) throw new AppError('E10801');
      return row;
    },

    /** Whether any code was already sent for this key's flow (resends need a captcha). */
    sentRecently: (mobileNo: string, purpose: OtpPurpose) => repo.latest(mobileNo, purpose),
  };
}

export type OtpService = ReturnType<typeof otpService>;
