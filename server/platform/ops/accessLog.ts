import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { metrics } from './metrics.js';
import { QUIET_ROUTES } from './health.js';

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? '(unmatched)';

/**
 * One line per answered request instead of Fastify's "incoming request" and "request completed":
 * method, route pattern, status, milliseconds, and the request id pino already binds. The route
 * pattern, never the raw URL, so no query string (tickets, codes) reaches the log — which is also
 * why the "Route … not found" line, raw URL and all, is dropped (the 404 has its access line).
 * Health checks and scrapes log at debug. Fastify's other lines (errors) stay as they are.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = routeOf(request);
    const line = { method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (QUIET_ROUTES.has(route)) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
  }
}

/** The same numbers on /metrics: request duration by route pattern, method and status. */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
