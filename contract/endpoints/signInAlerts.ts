import { z } from 'zod';
import { CODE } from '../codes.js';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import { pageRequest } from '../schemas/common.js';
import { alertIdBody, alertIdsBody, alertSummary, alertTokenBody, disownResult, signInAlertList } from '../schemas/signInAlerts.js';

/**
 * Sign-in alerts (server/risk/alerts.ts): a sign-in from a new device or network is texted to its
 * person with a single-use "this was not me" link, and listed in the personal centre. Disowning a
 * sign-in ends every session of the person, forgets every trusted device and asks for a new
 * password at the next sign-in (E30067).
 */
export const signInAlertEndpoints = {
  notMePeek: endpoint({
    method: 'POST', path: paths.signInAlerts.notMePeek, access: 'public',
    summary: 'What the sign-in alert of a "this was not me" link says (nothing is changed); E30061 when the link is unknown, used or expired; a budget per address',
    input: alertTokenBody, output: alertSummary, codes: [CODE.alertLinkInvalid, CODE.tooManyRequests],
  }),
  notMe: endpoint({
    method: 'POST', path: paths.signInAlerts.notMe, access: 'public',
    summary: 'Disown the sign-in of a "this was not me" link (once): every session ends, device trust is revoked, a new password is required at the next sign-in',
    input: alertTokenBody, output: disownResult, codes: [CODE.alertLinkInvalid, CODE.tooManyRequests],
  }),
  list: endpoint({
    method: 'POST', path: paths.signInAlerts.list, access: 'user',
    summary: "The caller's sign-in alerts, newest first, with the count of unread ones",
    input: pageRequest, output: signInAlertList,
  }),
  read: endpoint({
    method: 'POST', path: paths.signInAlerts.read, access: 'user',
    summary: "Mark some of the caller's alerts read (others' ids change nothing)",
    input: alertIdsBody, output: z.object({ marked: z.number().int().min(0) }),
  }),
  disown: endpoint({
    method: 'POST', path: paths.signInAlerts.disown, access: 'user',
    summary: "Disown the sign-in of one of the caller's alerts: as the texted link does (this session ends too)",
    input: alertIdBody, output: disownResult, codes: [CODE.notFound, CODE.alertLinkInvalid],
  }),
};
