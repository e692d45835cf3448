import type { FastifyRequest } from 'fastify';
import { CODE, codeMessage, type Envelope, type Lang } from '../../../contract/codes.js';

/** Language of the reply: English when the client prefers it, Chinese otherwise. */
export function langOf(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  return typeof header === 'string' && header.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: CODE.ok, message: codeMessage(CODE.ok, langOf(request)), data };
}

/**
 * The same success envelope around data already serialised (a worker thread's answer), so a
 * large result is not parsed only to be stringified again.
 */
export function okJson(request: FastifyRequest, dataJson: string): string {
  return `{"code":"${CODE.ok}","message":${JSON.stringify(codeMessage(CODE.ok, langOf(request)))},"data":${dataJson}}`;
}
