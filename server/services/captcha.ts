import svgCaptcha from 'svg-captcha';
import { LIMITS } from '../../contract/rules.js';
import type { CaptchaResult } from '../../contract/schemas/auth.js';
import { randomId } from '../lib/crypto.js';
import type { ServiceContext } from './context.js';

/** Picture captchas: 4 characters, single use, short-lived, stored server-side. */
export function captchaService(ctx: ServiceContext) {
  return {
    async createPicture(): Promise<CaptchaResult> {
      const now = ctx.clock.now();
      const { data, text } = svgCaptcha.create({
        size: LIMITS.captchaLength,
        noise: 2,
        ignoreChars: '0oO1iIlL',
        color: true,
        background: '#f2f5fa',
        width: 120,
        height: 40,
      });
      const capKey = randomId(16);
      await ctx.repos.captchas.create(capKey, 'picture', text.toLowerCase(), now, now + ctx.config.captcha.ttlSeconds * 1000);
      return { data: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, capKey, len: LIMITS.captchaLength };
    },
    /**
     * Consumes a captcha: true only for the right answer before expiry. Any attempt, right or
     * wrong, uses it up, so an answer can neither be guessed twice nor replayed.
     */
    async verifyPicture(capKey: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!capKey || !answer) return false;
      const row = await ctx.repos.captchas.take(capKey);
      if (!row || row.kind !== 'picture' || row.expires_at < ctx.clock.now()) return false;
      return row.answer === answer.trim().toLowerCase();
    },
    /** Demo/test only: the answer of a live captcha. */
    async answerOf(capKey: string): Promise<string | null> {
      const row = await ctx.repos.captchas.peek(capKey);
      return row && row.expires_at >= ctx.clock.now() ? row.answer : null;
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
