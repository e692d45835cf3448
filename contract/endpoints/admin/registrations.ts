import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { nothing, pageOf } from '../../schemas/common.js';
import { pendingRegistration, pendingRegistrationsBody, registrationDecisionBody } from '../../schemas/admin/registrations.js';

const P = '/admin/v1/registrations';

/** Workbench: self-registered accounts waiting for approval, and the decision on each (audited). */
export const adminRegistrationsEndpoints = {
  pendingList: endpoint({
    method: 'POST', path: `${P}/pending`, access: 'admin', duties: ['system'], summary: 'Self-registered accounts waiting for approval, oldest first',
    input: pendingRegistrationsBody, output: pageOf(pendingRegistration),
  }),
  approve: endpoint({
    method: 'POST', path: `${P}/approve`, access: 'admin', duties: ['system'], summary: 'Approve a waiting registration: the account can sign in from now on',
    input: registrationDecisionBody, output: nothing, codes: [CODE.notFound],
  }),
  reject: endpoint({
    method: 'POST', path: `${P}/reject`, access: 'admin', duties: ['system'], summary: 'Reject a waiting registration: the account is deleted, freeing its name and phone',
    input: registrationDecisionBody, output: nothing, codes: [CODE.notFound],
  }),
} satisfies Record<string, EndpointSpec>;
