import { z } from 'zod';
import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { pageOf } from '../../schemas/common.js';
import { applyRecord } from '../../schemas/permissions.js';
import { adminOverrideBody, adminRequestListBody, adminRequestRefBody } from '../../schemas/admin/requests.js';

const P = '/admin/v1/requests';

/** Workbench: every permission request of the organisation, and decisions made as an administrator's override. */
export const adminRequestsEndpoints = {
  list: endpoint({
    method: 'POST', path: `${P}/list`, access: 'admin', duties: ['security', 'department'], summary: 'Permission requests, newest first, by status, application, applicant and date',
    input: adminRequestListBody, output: pageOf(applyRecord),
  }),
  get: endpoint({
    method: 'POST', path: `${P}/get`, access: 'admin', duties: ['security', 'department'], summary: 'One permission request',
    input: adminRequestRefBody, output: applyRecord, codes: [CODE.notFound, CODE.outsideScope],
  }),
  decide: endpoint({
    method: 'POST', path: `${P}/decide`, access: 'admin', duties: ['security', 'department'], summary: 'Pass or reject pending requests as an override (all or none; logged as ADMIN_REQUEST_OVERRIDE)',
    input: adminOverrideBody, output: z.object({ decided: z.number().int() }), codes: [CODE.notFound, CODE.alreadyDecided, CODE.outsideScope],
  }),
} satisfies Record<string, EndpointSpec>;
