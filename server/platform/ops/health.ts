import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/connect.js';

/** Probe routes log at debug: a load balancer asks every few seconds and would drown the log. */
export const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** A readiness answer comes within this, whatever the database is doing. */
const READY_PROBE_MS = 1500;

/** Rejects once `ms` passed, so a probe never waits on a pool queue or a silent peer. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Probes for load balancers and orchestrators, beside the /idaas API (no envelope, no CSRF, no
 * session). /healthz: the process answers, whatever the database does (restarting it would not
 * help). /readyz: the database answers on a connection of its own within READY_PROBE_MS, its
 * schema is the one this code expects, and the server is not shutting down — otherwise 503, so
 * traffic goes elsewhere until it comes back by itself.
 */
export function registerHealth(app: FastifyInstance, state: { draining: boolean }): void {
  app.get('/healthz', (_request, reply) => {
    reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (state.draining) return reply.code(503).send({ status: 'draining' });
    const started = performance.now();
    try {
      await within(READY_PROBE_MS, app.store.probe(READY_PROBE_MS));
      const left = Math.max(100, READY_PROBE_MS - (performance.now() - started));
      const count = await within(left, pendingMigrations(app.store));
      if (count > 0) return reply.code(503).send({ status: 'migrations pending', pending: count });
      return reply.send({ status: 'ready' });
    } catch (error) {
      app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'readiness: database not answering');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
