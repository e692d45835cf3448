import svgCaptcha from 'svg-captcha';
import { LIMITS } from '../../contract/rules.js';
import type { CaptchaResult, SliderResult } from '../../contract/schemas/auth.js';
import { randomInt } from 'node:crypto';
import { randomId } from '../platform/lib/crypto.js';
import { drawSlider, SLIDER } from './sliderImage.js';
import type { ServiceContext } from '../composition/context.js';

/** Picture (4 characters) and slider captchas: single use, short-lived, answers kept server-side. */
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
    /** Slider puzzle: the server picks the gap; the answer is the x offset the piece is dragged to. */
    async createSlider(): Promise<SliderResult> {
      const now = ctx.clock.now();
      const x = randomInt(70, SLIDER.width - SLIDER.piece - 10);
      const y = randomInt(10, SLIDER.height - SLIDER.piece - 10);
      const capKey = randomId(16);
      await ctx.repos.captchas.create(capKey, 'slider', String(x), now, now + ctx.config.captcha.ttlSeconds * 1000);
      const { background, piece } = drawSlider(x, y);
      return { capKey, bgImage: background, pieceImage: piece, y, width: SLIDER.width, height: SLIDER.height, pieceSize: SLIDER.piece };
    },
    /**
     * Consumes a captcha of either kind: true only for the right answer before expiry. Any
     * attempt, right or wrong, uses it up, so an answer can neither be guessed twice nor replayed.
     */
    async verify(capKey: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!capKey || !answer) return false;
      const row = await ctx.repos.captchas.take(capKey);
      if (!row || row.expiresAt < ctx.clock.now()) return false;
      if (row.kind === 'slider') {
        const offset = Number(answer);
        return Number.isFinite(offset) && Math.abs(offset - Number(row.answer)) <= ctx.config.captcha.sliderTolerance;
      }
      return row.answer === answer.trim().toLowerCase();
    },
    /** Demo/test only: the answer of a live captcha. */
    async answerOf(capKey: string): Promise<string | null> {
      const row = await ctx.repos.captchas.peek(capKey);
      return row && row.expiresAt >= ctx.clock.now() ? row.answer : null;
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
