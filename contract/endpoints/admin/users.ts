import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: users. */
export const adminUsersEndpoints = {} satisfies Record<string, EndpointSpec>;
