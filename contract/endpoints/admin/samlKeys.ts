import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { emptyBody } from '../../schemas/common.js';
import { CODE } from '../../codes.js';
import { samlKeyList, samlKeyRotateBody, samlKeyRotated } from '../../schemas/admin/samlKeys.js';

/** Workbench: the SAML identity provider's signing keys and their rotation. */
export const adminSamlKeysEndpoints = {
  samlKeyList: endpoint({
    method: 'POST', path: '/admin/v1/saml/keys/list', access: 'admin', duties: ['system'], summary: 'SAML signing keys: the current one, the next one (already in the metadata) and retired ones',
    input: emptyBody, output: samlKeyList,
  }),
  samlKeyRotate: endpoint({
    method: 'POST', path: '/admin/v1/saml/keys/rotate', access: 'admin', duties: ['system'], summary: 'Rotate from the current key seen: the next key (published since its creation, long enough) signs from now on, a new next key is made, the old one is retired',
    input: samlKeyRotateBody, output: samlKeyRotated, codes: [CODE.samlKeyRotatedMeanwhile, CODE.samlKeyNotPublishedLongEnough],
  }),
} satisfies Record<string, EndpointSpec>;
