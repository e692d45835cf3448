import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { emptyBody, pageOf } from '../../schemas/common.js';
import {
  policiesOut, policiesUpdateBody, policyDefaultsBody, policyHistoryBody, policyVersion, policyVersionBody, policyVersionDetail,
} from '../../schemas/admin/policies.js';

const P = '/admin/v1/policies';

/**
 * Workbench: the policies in force (password rules, sign-in protection, sessions, the SMS cap,
 * registration, the sign-in page). Stored in the database and read by every instance within a
 * second; the server's environment only supplies the defaults of sections never saved.
 */
export const adminPoliciesEndpoints = {
  get: endpoint({
    method: 'POST', path: `${P}/get`, access: 'admin', duties: ['security'], summary: 'The policies in force, and which sections an administrator has saved',
    input: emptyBody, output: policiesOut,
  }),
  update: endpoint({
    method: 'POST', path: `${P}/update`, access: 'admin', duties: ['security'], summary: 'Change any fields of any sections (audited with before and after); effective at once',
    input: policiesUpdateBody, output: policiesOut,
    codes: [CODE.policyLengthRange, CODE.policyReminderNotBeforeExpiry, CODE.policyCaptchaNotBeforeLock, CODE.policyIdleBeyondAbsolute],
  }),
  history: endpoint({
    method: 'POST', path: `${P}/history`, access: 'admin', duties: ['security'], summary: 'Every saved version of the policies, newest first: who, when, how and which sections',
    input: policyHistoryBody, output: pageOf(policyVersion),
  }),
  version: endpoint({
    method: 'POST', path: `${P}/version`, access: 'admin', duties: ['security'], summary: 'One version: the complete policies after it and after the version before it',
    input: policyVersionBody, output: policyVersionDetail, codes: [CODE.notFound],
  }),
  rollback: endpoint({
    method: 'POST', path: `${P}/rollback`, access: 'admin', duties: ['security'], summary: 'Return to an earlier version (a new version, audited; effective at once)',
    input: policyVersionBody, output: policiesOut,
    codes: [CODE.notFound, CODE.policyLengthRange, CODE.policyReminderNotBeforeExpiry, CODE.policyCaptchaNotBeforeLock, CODE.policyIdleBeyondAbsolute],
  }),
  restoreDefaults: endpoint({
    method: 'POST', path: `${P}/restore-defaults`, access: 'admin', duties: ['security'], summary: 'Return sections to the server\'s configured defaults (a new version, audited)',
    input: policyDefaultsBody, output: policiesOut,
  }),
} satisfies Record<string, EndpointSpec>;
