import type { Config } from '../platform/config.js';
import type { DataScope, Repos, UnitOfWork } from './repositories.js';
import type { Clock } from '../platform/lib/clock.js';

/** What every service is built from. */
export interface ServiceContext {
  repos: Repos;
  /** Several writes that stand or fall together: `ctx.transaction(async (repos) => …)`. */
  transaction: UnitOfWork;
  config: Config;
  clock: Clock;
}

/** The services' context on a data scope: the pool's (app.ts) or, for a write inside one transaction, that transaction's. */
export const contextOn = (scope: DataScope, config: Config, clock: Clock): ServiceContext => ({ repos: scope.repos, transaction: scope.transaction, config, clock });

/** Cookies whose names start with this carry device trust (one per user who trusted the browser). */
export const TRUST_COOKIE_PREFIX = 'idaas_dt_';

/** Who is asking and from where: services record it in logs, never read HTTP themselves. */
export interface Caller {
  ip: string;
  userAgent: string | null;
  deviceId: string | null;
  deviceName: string | null;
  /** Device-trust tokens the browser holds (cookie name → value), issued by the server after a second factor. */
  trustTokens: Record<string, string>;
}

/** The signed-in user of a request. */
export interface AuthUser {
  userRef: number;
  account: string;
  sessionId: number;
  instanceId: string;
}
