import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: groups. */
export const adminGroupsEndpoints = {} satisfies Record<string, EndpointSpec>;
