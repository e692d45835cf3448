import { sweeper } from '../../platform/ops/sweeper.js';
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
  const logout = sweeper('CAS single-logout sweep', d.config.oidc.logoutSweepMs, () => sweepEndedSessions(d), d.log);
  return { sweep: logout.sweep, signedOut: logout.soon, start: logout.start, stop: logout.stop };
}
