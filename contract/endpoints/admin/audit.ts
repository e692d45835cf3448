import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: audit. */
export const adminAuditEndpoints = {} satisfies Record<string, EndpointSpec>;
