import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: requests. */
export const adminRequestsEndpoints = {} satisfies Record<string, EndpointSpec>;
