import type { FastifyInstance } from 'fastify';
import { devEndpoints as e } from '../../contract/endpoints/dev.js';
import { notFound } from '../platform/lib/errors.js';
import { serve } from '../platform/http/serve.js';

/** Demo and test mode only (never registered in production): read what a person would see. */
export default async function devRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.captcha, async ({ input, services }) => {
    const answer = await services.captcha.answerOf(input.capKey);
    if (answer === null) throw notFound();
    return { capKey: input.capKey, answer };
  });
  serve(app, e.sms, async ({ input, services }) => {
    const message = await services.outbox.latest(input.mobileNo, input.purpose);
    if (!message) throw notFound();
    return message;
  });
  serve(app, e.outbox, ({ services }) => services.outbox.recent(20));
}
