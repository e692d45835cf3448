import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: apps. */
export const adminAppsEndpoints = {} satisfies Record<string, EndpointSpec>;
