import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from './envelope.js';
import { CODE } from '../../../contract/codes.js';
import { LIMITS } from '../../../contract/rules.js';
import { text } from '../lib/texts.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API calls must carry X-Client-Id. A cross-site form or image cannot set a
 * custom header, so a forged request from another site is refused before it reaches a route.
 * Run by the API scope's hook on every route the router matched there, whatever encoding the URL
 * arrived in (`/%69daas/…` reaches the same route as `/idaas/…`). An endpoint declared
 * crossSiteForm (a SAML ACS) is the one exception: its body is signed and single-use.
 * Answers the refusal and says so (true), or lets the request through (false).
 */
export function refusedAsForged(request: FastifyRequest, reply: FastifyReply): boolean {
  if (SAFE.has(request.method)) return false;
  if (request.routeOptions.config?.endpoint?.crossSiteForm) return false;
  const clientId = request.headers['x-client-id'];
  if (typeof clientId === 'string' && clientId.trim() !== '' && clientId.length <= LIMITS.clientHeaderMax) return false;
  reply.status(403).send({ code: CODE.forbidden, message: text('csrf.clientIdRequired', langOf(request)), data: null });
  return true;
}
