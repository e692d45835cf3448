import { loopFailures } from './loopFailures.js';

interface SweepLog {
  warn(detail: object, message: string): void;
  error(detail: object, message: string): void;
}

/**
 * A sweep that runs on a timer and, when something just happened (a sign-out), at once: requests
 * arriving while it runs share one more run after it, not one each. An interval of 0 runs it only
 * when asked (`sweep()`), as tests want; then `soon()` does nothing either.
 */
export function sweeper<T>(what: string, intervalMs: number, sweep: () => Promise<T>, log: SweepLog) {
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<unknown> | null = null;
  let again = false;
  const enabled = intervalMs > 0;

  return {
    sweep,
    soon(): void {
      if (!enabled) return;
      if (sweeping) {
        again = true;
        return;
      }
      const run = async (): Promise<void> => {
        do {
          again = false;
          await sweep().catch((error: unknown) => log.error({ err: error }, `${what} failed`));
        } while (again);
      };
      sweeping = run().finally(() => {
        sweeping = null;
      });
    },
    start(): void {
      if (!enabled || timer) return;
      const failures = loopFailures(what, (line) => log.warn({}, line));
      timer = setInterval(() => {
        sweep().then(() => failures.succeeded(), (error: unknown) => failures.failed(error));
      }, intervalMs);
      timer.unref();
    },
    /** Stops the timer; resolves once a run already started has finished (the database is closed next). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await sweeping;
    },
  };
}
