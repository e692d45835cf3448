import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: policies. */
export const adminPoliciesEndpoints = {} satisfies Record<string, EndpointSpec>;
