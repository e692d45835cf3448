import type { FastifyBaseLogger } from 'fastify';
import type { Repos } from '../../composition/repositories.js';
import type { Services } from '../../composition/services.js';
import type { Config } from '../../platform/config.js';
import type { Clock } from '../../platform/lib/clock.js';
import { MINUTE } from '../../platform/lib/clock.js';
import type { SignOnSteps } from '../signOn/step.js';
import type { CasOutbound } from './proxyCallback.js';
import type { CasRepo } from './repository.js';

/** Where the CAS server is mounted (`<PUBLIC_URL>/cas`). */
export const CAS_MOUNT = '/cas';

/** A service or proxy ticket is valid this long after it was issued (the specification recommends at most 5 minutes; clients redeem at once). */
export const TICKET_TTL_MS = 10_000;

/** A proxy-granting ticket's longest life; it ends sooner with its portal session. */
export const PGT_TTL_MS = 120 * MINUTE;

/** How long a /cas/login request may wait at the sign-in page or second factor before it starts afresh. */
export const LOGIN_RESUME_MS = 60 * MINUTE;

export interface CasContext {
  config: Config;
  clock: Clock;
  services: Services;
  repos: Repos;
  cas: CasRepo;
  steps: SignOnSteps;
  outbound: CasOutbound;
  log: FastifyBaseLogger;
}
