import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { nothing, pageOf } from '../../schemas/common.js';
import { scimToken, scimTokenCreateBody, scimTokenCreated, scimTokenIdBody, scimTokenListBody } from '../../schemas/admin/scimTokens.js';

/** Workbench: the bearer tokens provisioning clients (SCIM, /scim/v2) authenticate with. */
export const adminScimTokensEndpoints = {
  scimTokenList: endpoint({
    method: 'POST', path: '/admin/v1/scim-tokens/list', access: 'admin', duties: ['security'], summary: 'Provisioning tokens: name, creator, created, last used, revoked',
    input: scimTokenListBody, output: pageOf(scimToken),
  }),
  scimTokenCreate: endpoint({
    method: 'POST', path: '/admin/v1/scim-tokens/create', access: 'admin', duties: ['security'], summary: 'Make a provisioning token (answered once; only its SHA-256 is kept), optionally confined to one department subtree',
    input: scimTokenCreateBody, output: scimTokenCreated, codes: [CODE.deptUnknown],
  }),
  scimTokenRevoke: endpoint({
    method: 'POST', path: '/admin/v1/scim-tokens/revoke', access: 'admin', duties: ['security'], summary: 'Revoke a provisioning token: its next call answers 401',
    input: scimTokenIdBody, output: nothing, codes: [CODE.notFound, CODE.scimTokenRevoked],
  }),
} satisfies Record<string, EndpointSpec>;
