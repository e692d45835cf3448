import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { registerRequestMetrics } from './accessLog.js';
import { registerHealth } from './health.js';
import { metrics } from './metrics.js';
import { registerMetricsRoute } from './metricsRoute.js';
import { retentionJob, type RetentionJob } from './retention.js';
import { auditCheckpointJob, type AuditCheckpointJob } from './auditCheckpoints.js';

export interface Ops {
  /** Set when a shutdown began: /readyz answers 503 so the load balancer sends traffic elsewhere. */
  state: { draining: boolean };
  retention: RetentionJob;
  /** Signed checkpoints of the audit chain (`run(true)`: one now over whatever waits). */
  auditCheckpoints: AuditCheckpointJob;
}

/** Probes, access log, metrics and the retention job of one app; all stopped when it closes. */
export function registerOps(app: FastifyInstance, clock: Clock): void {
  const state = { draining: false };
  const trail = app.services.admin.trail;
  const retention = retentionJob(app.store, app.config, clock, (cutoff) => trail.releaseForPruning(cutoff));
  const auditCheckpoints = auditCheckpointJob(trail, app.config.auditTrail.checkpointCheckSeconds);
  app.decorate('ops', { state, retention, auditCheckpoints });
  registerRequestMetrics(app);
  // Answers given while shutting down close their connection, so the client's next request opens
  // a new one (to another instance) instead of arriving on this one after the store closed.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  registerHealth(app, state);
  if (app.config.metrics.token) registerMetricsRoute(app, app.config.metrics.token);
  const unwatch = metrics.watchStore(app.store);
  retention.start();
  auditCheckpoints.start();
  // buildApp registers this after the hook that destroys the store; onClose hooks run last in, first out.
  app.addHook('onClose', async () => {
    state.draining = true;
    unwatch();
    await retention.stop();
    await auditCheckpoints.stop();
  });
}
