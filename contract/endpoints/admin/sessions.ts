import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { nothing, pageOf } from '../../schemas/common.js';
import { adminSession, sessionIdBody, sessionListBody, sessionsEnded, sessionUserBody } from '../../schemas/admin/sessions.js';

const P = '/admin/v1/sessions';

/**
 * Workbench: who is signed in where. Ending a session deletes it: its very next call answers
 * E00009. The caller's own current session is ended with sign-out, never here (E40411); ending
 * all of one's own sessions keeps the current one.
 */
export const adminSessionsEndpoints = {
  list: endpoint({
    method: 'POST', path: `${P}/list`, access: 'admin', duties: ['security'], summary: 'Live sessions of the organisation: account, name, device, address, opened, last seen',
    input: sessionListBody, output: pageOf(adminSession),
  }),
  end: endpoint({
    method: 'POST', path: `${P}/end`, access: 'admin', duties: ['security'], summary: 'End one session at once (audited)',
    input: sessionIdBody, output: nothing, codes: [CODE.notFound, CODE.currentSession],
  }),
  endUser: endpoint({
    method: 'POST', path: `${P}/end-user`, access: 'admin', duties: ['security'], summary: "End every session of one account at once (the caller's current one excepted; audited)",
    input: sessionUserBody, output: sessionsEnded, codes: [CODE.notFound],
  }),
} satisfies Record<string, EndpointSpec>;
