import type { Config } from '../config.js';
import type { Repos } from '../repositories/index.js';
import type { Store } from '../db/connect.js';
import type { Clock } from '../lib/clock.js';

/** What every service is built from. */
export interface ServiceContext {
  store: Store;
  repos: Repos;
  config: Config;
  clock: Clock;
}

/** Who is asking and from where: services record it in logs, never read HTTP themselves. */
export interface Caller {
  ip: string;
  userAgent: string | null;
  deviceId: string | null;
  deviceName: string | null;
}

/** The signed-in user of a request. */
export interface AuthUser {
  userRef: number;
  account: string;
  sessionId: number;
  instanceId: string;
}
