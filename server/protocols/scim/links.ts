import type { FastifyRequest } from 'fastify';
import type { Links } from './resources.js';

/** Where provisioning clients (HR systems, identity providers) find the SCIM 2.0 service. */
export const SCIM_PREFIX = '/scim/v2';

/** The base of the links in answers, as the client reached this server (proxies per TRUST_PROXY). */
export const linksOf = (request: FastifyRequest): Links => ({ base: `${request.protocol}://${request.host}${SCIM_PREFIX}` });
