import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { nothing } from '../../schemas/common.js';
import { appRefBody } from '../../schemas/admin/apps.js';
import { appRiskPolicyAnswer, appRiskPolicyUpdateBody } from '../../schemas/admin/appRisk.js';

const P = '/admin/v1/apps/risk-policy';

/**
 * Workbench: an application's own risk policy — actions by level and signal, and the office or VPN
 * zones its sign-ins are confined to — or none, following the default. The security
 * administrator's, and an application owner's for their own applications (E60205 for others).
 */
export const adminAppsRiskEndpoints = {
  riskPolicyGet: endpoint({
    method: 'POST', path: `${P}/get`, access: 'admin', duties: ['security', 'appOwner'],
    summary: "An application's risk policy (null: it follows the default) and the office and VPN zones it may name",
    input: appRefBody, output: appRiskPolicyAnswer, codes: [CODE.notFound, CODE.outsideScope],
  }),
  riskPolicyUpdate: endpoint({
    method: 'POST', path: `${P}/update`, access: 'admin', duties: ['security', 'appOwner'],
    summary: "Set an application's own risk policy, or null to follow the default; zones named must exist and be office or VPN ones",
    input: appRiskPolicyUpdateBody, output: nothing, codes: [CODE.notFound, CODE.outsideScope],
  }),
} satisfies Record<string, EndpointSpec>;
