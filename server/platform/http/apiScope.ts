import type { FastifyInstance } from 'fastify';
import { refusedAsForged } from './csrf.js';

/** Answers of the API carry personal data: no browser or shared cache may keep them. */
export const API_CACHE_CONTROL = 'no-store';

/**
 * What every route under the API prefix shares. Hooks registered here run on the route the
 * router matched, so no URL spelling escapes them; a raw-URL check at the root could be dodged.
 * One hook, not a promise: each hook and each awaited one is paid on every request.
 */
export function registerApiScope(api: FastifyInstance): void {
  api.addHook('onRequest', (request, reply, done) => {
    reply.header('cache-control', API_CACHE_CONTROL);
    // A refusal is answered here; the route is not reached.
    if (!refusedAsForged(request, reply)) done();
  });
  // Bodies are JSON only: a text/plain POST is what a cross-site form can send without a preflight.
  api.removeContentTypeParser('text/plain');
}
