import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The first part of the grace period, in which answers close their connections but the listener stays. */
const SETTLE_MS = 1000;

/**
 * On SIGTERM or SIGINT: /readyz turns 503 and every answer closes its connection; after a
 * moment (a quarter of the grace, one second at most) the listener closes — by then the
 * keep-alive connections of busy clients have closed after their last answer, so closing idle
 * ones cuts no request already on its way. Requests in flight finish, then the app's onClose
 * hooks stop the timers (retention, OIDC sweeps), let the SMS worker finish the text it holds
 * (the rest wait in the outbox for any instance) and close the database. Exit 0 when all that
 * ended within graceSeconds; otherwise the remaining connections are cut and the exit code is 1.
 */
export function handleShutdown(app: FastifyInstance, graceSeconds: number, extra: Server[] = []): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.ops.state.draining = true;
    app.log.info({ signal, graceSeconds }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ graceSeconds }, 'requests still running after the grace period; closing their connections');
      app.server.closeAllConnections();
      process.exit(1);
    }, graceSeconds * 1000);
    force.unref();
    const settled = new Promise<void>((resolve) => setTimeout(resolve, Math.min(SETTLE_MS, (graceSeconds * 1000) / 4)));
    settled.then(() => Promise.all([app.close(), ...extra.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))])).then(
      () => {
        clearTimeout(force);
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error instanceof Error ? error.message : String(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
