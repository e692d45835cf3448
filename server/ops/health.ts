import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/connect.js';

/** Probe routes log at debug: a load balancer asks every few seconds and would drown the log. */
export const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Probes for load balancers and orchestrators, beside the /idaas API (no envelope, no CSRF, no
 * session). /healthz: the process answers. /readyz: the database answers, its schema is the one
 * this code expects, and the server is not shutting down — otherwise 503, so traffic goes elsewhere.
 */
export function registerHealth(app: FastifyInstance, state: { draining: boolean }): void {
  app.get('/healthz', (_request, reply) => {
    reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (state.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await sql`select 1`.execute(app.store.db);
      const pending = await pendingMigrations(app.store);
      if (pending > 0) return reply.code(503).send({ status: 'migrations pending', pending });
      return reply.send({ status: 'ready' });
    } catch (error) {
      app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'readiness: database not answering');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
