import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: sessions. */
export const adminSessionsEndpoints = {} satisfies Record<string, EndpointSpec>;
