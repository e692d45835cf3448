import type { EndpointSpec } from '../../endpoint.js';

/** Workbench: organisation. */
export const adminOrganisationEndpoints = {} satisfies Record<string, EndpointSpec>;
