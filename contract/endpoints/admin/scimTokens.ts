import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: scimTokens. */
export const adminScimTokensEndpoints = {} satisfies Record<string, EndpointSpec>;
