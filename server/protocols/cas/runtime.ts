import { loopFailures } from '../../platform/ops/loopFailures.js';
import type { CasContext } from './context.js';
import { sweepEndedSessions } from './logout.js';

export interface CasRuntime {
  /** Sends the single-logout POSTs of ended portal sessions (see logout.ts); how many. */
  sweep(): Promise<number>;
  /**
   * A portal session was just signed out: sweep now (not awaited), rather than at the next
   * periodic sweep. Only where sweeps run on their own (OIDC_LOGOUT_SWEEP_MS > 0, the interval
   * both protocols' logout sweeps share; 0 means only when asked, as in tests).
   */
  signedOut(): void;
  start(): void;
  /** Stops the timer; resolves once a sweep a sign-out started has finished. */
  stop(): Promise<void>;
}

export function casRuntime(d: CasContext): CasRuntime {
  let timer: NodeJS.Timeout | null = null;
  // Sign-outs arriving during a sweep share one more sweep after it, not one each.
  let sweeping: Promise<unknown> | null = null;
  let again = false;
  const interval = d.config.oidc.logoutSweepMs;

  return {
    sweep: () => sweepEndedSessions(d),
    signedOut() {
      if (!(interval > 0)) return;
      if (sweeping) {
        again = true;
        return;
      }
      const run = async (): Promise<void> => {
        do {
          again = false;
          await sweepEndedSessions(d).catch((error: unknown) => d.log.error({ err: error }, 'CAS single-logout sweep failed'));
        } while (again);
      };
      sweeping = run().finally(() => {
        sweeping = null;
      });
    },
    start() {
      if (!(interval > 0)) return;
      const failures = loopFailures('CAS single-logout sweep', (line) => d.log.warn({}, line));
      timer = setInterval(() => {
        sweepEndedSessions(d).then(() => failures.succeeded(), (error: unknown) => failures.failed(error));
      }, interval);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await sweeping;
    },
  };
}
