import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paths } from '../../contract/paths.js';
import { text } from '../../contract/schemas/common.js';
import { publicRoute } from '../http/route.js';
import { notFound } from '../http/errors.js';

/** Demo and test mode only (never registered in production): read what a person would see. */
export default async function devRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(app, 'GET', paths.dev.captcha, z.object({ capKey: text(64).min(1) }), async ({ body, services }) => {
    const answer = await services.captcha.answerOf(body.capKey);
    if (answer === null) throw notFound();
    return { capKey: body.capKey, answer };
  });

  publicRoute(app, 'GET', paths.dev.sms, z.object({ mobileNo: text(20).min(1) }), async ({ body, services }) => {
    const message = await services.outbox.latest(body.mobileNo);
    if (!message) throw notFound();
    return message;
  });

  publicRoute(app, 'GET', paths.dev.outbox, null, ({ services }) => services.outbox.recent(20));
}
