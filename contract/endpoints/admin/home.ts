import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: home. */
export const adminHomeEndpoints = {} satisfies Record<string, EndpointSpec>;
