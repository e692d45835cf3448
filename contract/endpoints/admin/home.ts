import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { emptyBody } from '../../schemas/common.js';
import { adminHome } from '../../schemas/admin/home.js';

/** Workbench: the home page's numbers, 30-day sign-in series and latest security events. */
export const adminHomeEndpoints = {
  summary: endpoint({
    method: 'POST', path: '/admin/v1/home/summary', access: 'admin', duties: ['system', 'security', 'audit'],
    summary: 'People, live sessions, sign-ins and failures today, locked accounts, pending requests, 30 days of sign-ins and the latest security events',
    input: emptyBody, output: adminHome,
  }),
} satisfies Record<string, EndpointSpec>;
