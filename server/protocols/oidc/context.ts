import type { Config } from '../../platform/config.js';
import type { Clock } from '../../platform/lib/clock.js';
import type { Repos } from '../../composition/repositories.js';
import type { Services } from '../../composition/services.js';
import type { SigningKeys } from './keys.js';
import type { PayloadsRepo } from './payloadsRepository.js';
import type { OidcRepo } from './repository.js';

/** Where interactions (sign-in, second factor, consent) are handled: outside the provider's mount and outside /idaas. */
export const INTERACTION_PREFIX = '/oidc-interaction';
/** `amr` value of a sign-in whose second factor was proven (RFC 8176). */
export const AMR_MFA = 'mfa';
/**
 * `acr` values (the portal's own URNs): the sign-in the application receives proved a second
 * factor, or the first alone. Said together with `amr` so an application can ask by either.
 */
export const ACR_MFA = 'urn:idaas:acr:mfa';
export const ACR_PWD = 'urn:idaas:acr:pwd';

export interface OidcLog {
  warn(detail: object, message: string): void;
  error(detail: object, message: string): void;
}

/** What the provider's pieces are built from: the portal's services and repositories, and the provider's own stores. */
export interface OidcContext {
  issuer: string;
  config: Config;
  clock: Clock;
  services: Services;
  repos: Repos;
  oidc: OidcRepo;
  payloads: PayloadsRepo;
  keys: SigningKeys;
  log: OidcLog;
}

export const interactionPath = (uid: string) => `${INTERACTION_PREFIX}/${encodeURIComponent(uid)}`;
