import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { emptyBody } from '../../schemas/common.js';
import { policiesOut, policiesUpdateBody } from '../../schemas/admin/policies.js';

const P = '/admin/v1/policies';

/**
 * Workbench: the policies in force (password rules, sign-in protection, sessions, the SMS cap,
 * registration, the sign-in page). Stored in the database and read by every instance within a
 * second; the server's environment only supplies the defaults of sections never saved.
 */
export const adminPoliciesEndpoints = {
  get: endpoint({
    method: 'POST', path: `${P}/get`, access: 'admin', summary: 'The policies in force, and which sections an administrator has saved',
    input: emptyBody, output: policiesOut,
  }),
  update: endpoint({
    method: 'POST', path: `${P}/update`, access: 'admin', summary: 'Change any fields of any sections (audited with before and after); effective at once',
    input: policiesUpdateBody, output: policiesOut,
    codes: [CODE.policyLengthRange, CODE.policyReminderNotBeforeExpiry, CODE.policyCaptchaNotBeforeLock, CODE.policyIdleBeyondAbsolute],
  }),
} satisfies Record<string, EndpointSpec>;
