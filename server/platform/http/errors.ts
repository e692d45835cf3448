import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { CODE, codeMessage, envelopeStatus } from '../../../contract/codes.js';
import { AppError } from '../lib/errors.js';
import { langOf } from './envelope.js';
import { isStoreUnavailable } from '../db/unavailable.js';
import { metrics } from '../ops/metrics.js';

function describeZod(error: ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : 'body';
  return `${path}: ${issue?.message ?? 'invalid'}`;
}

/**
 * Every failure leaves as the envelope: refusals with their code, bad input as 400 E00001
 * naming the field, anything unexpected as 500 E00500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const lang = langOf(request);
    if (error instanceof AppError) {
      return reply.status(envelopeStatus(error.code)).send({ code: error.code, message: error.messageIn(lang), data: error.data });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ code: CODE.invalidInput, message: `${codeMessage(CODE.invalidInput, lang)} — ${describeZod(error)}`, data: null });
    }
    const status = (error as FastifyError).statusCode;
    if (status === 404 || status === 403) {
      const code = status === 404 ? CODE.notFound : CODE.forbidden;
      return reply.status(status).send({ code, message: codeMessage(code, lang), data: null });
    }
    if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Over the size limit: 413, so a client knows shortening it is what helps, not fixing a field.
      return reply.status(413).send({ code: CODE.bodyTooLarge, message: codeMessage(CODE.bodyTooLarge, lang), data: null });
    }
    if (status && status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type: the client's fault, said plainly.
      return reply.status(400).send({ code: CODE.invalidInput, message: `${codeMessage(CODE.invalidInput, lang)} — body: ${error.message}`, data: null });
    }
    if (isStoreUnavailable(error)) {
      // The database went away or gave up on the statement: nothing was committed (a unit of
      // work rolls back with its connection), and the same request can succeed in a moment.
      metrics.storeUnavailable();
      request.log.warn({ err: (error as Error).message }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send({ code: CODE.storeUnavailable, message: codeMessage(CODE.storeUnavailable, lang), data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: CODE.internalError, message: codeMessage(CODE.internalError, lang), data: null });
  });
}
