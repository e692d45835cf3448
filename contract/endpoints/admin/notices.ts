import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: notices. */
export const adminNoticesEndpoints = {} satisfies Record<string, EndpointSpec>;
