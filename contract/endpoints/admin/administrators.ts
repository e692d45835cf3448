import { z } from 'zod';
import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { nothing } from '../../schemas/common.js';
import { administrator, dutyAssignBody, dutyRevokeBody } from '../../schemas/admin/administrators.js';

const P = '/admin/v1/administrators';

/**
 * Workbench: who holds which administrator duty (system, security, audit, department). Only the
 * security administrator grants and removes duties; a person holds at most one, and the system,
 * security and audit duties always keep at least one holder. Each change is audited.
 */
export const adminAdministratorsEndpoints = {
  administratorList: endpoint({
    method: 'POST', path: `${P}/list`, access: 'admin', duties: ['security', 'audit'], summary: 'Every administrator with their duty (and a department administrator\'s subtree)',
    input: z.object({}), output: z.array(administrator),
  }),
  administratorAssign: endpoint({
    method: 'POST', path: `${P}/assign`, access: 'admin', duties: ['security'], summary: 'Give a person an administrator duty (at most one per person; audited)',
    input: dutyAssignBody, output: nothing, codes: [CODE.notFound, CODE.dutyHeld],
  }),
  administratorRevoke: endpoint({
    method: 'POST', path: `${P}/revoke`, access: 'admin', duties: ['security'], summary: "Remove a person's administrator duty; refused for the last holder of the system, security or audit duty (audited)",
    input: dutyRevokeBody, output: nothing, codes: [CODE.notFound, CODE.lastDutyHolder],
  }),
} satisfies Record<string, EndpointSpec>;
