import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { nothing } from '../../schemas/common.js';
import { appRefBody } from '../../schemas/admin/apps.js';
import { casGetAnswer, casSaveBody, samlGetAnswer, samlMetadataBody, samlParsedMetadata, samlSaveBody } from '../../schemas/admin/appsSignOn.js';

const P = '/admin/v1/apps';

/**
 * Workbench: an application as a SAML 2.0 service provider or a CAS service — what the identity
 * provider and the CAS server read on every request. One application speaks one protocol:
 * registering it for SAML ends its CAS services, and the other way round.
 */
export const adminAppsSignOnEndpoints = {
  samlGet: endpoint({
    method: 'POST', path: `${P}/saml/get`, access: 'admin', duties: ['system', 'appOwner'],
    summary: "An application's SAML service provider settings (null when it is not one), and the identity provider it is configured with",
    input: appRefBody, output: samlGetAnswer, codes: [CODE.notFound, CODE.outsideScope],
  }),
  samlSave: endpoint({
    method: 'POST', path: `${P}/saml/save`, access: 'admin', duties: ['system', 'appOwner'],
    summary: 'Make an application a SAML service provider, or change its settings (replaces its CAS services, if any)',
    input: samlSaveBody, output: nothing,
    codes: [CODE.notFound, CODE.samlEntityIdTaken, CODE.samlAcsDefault, CODE.samlCertificateInvalid, CODE.samlSigningCertRequired, CODE.samlMetadataUnsafe, CODE.samlMetadataMalformed, CODE.outsideScope],
  }),
  samlRemove: endpoint({
    method: 'POST', path: `${P}/saml/remove`, access: 'admin', duties: ['system', 'appOwner'],
    summary: "Remove an application's SAML settings: it signs on with OpenID Connect or the legacy launch again",
    input: appRefBody, output: nothing, codes: [CODE.notFound, CODE.outsideScope],
  }),
  samlParseMetadata: endpoint({
    method: 'POST', path: `${P}/saml/parse-metadata`, access: 'admin', duties: ['system', 'appOwner'],
    summary: "Read a service provider's metadata (at most 256 KB, no DTD) into the settings it gives, for review before saving; nothing is stored",
    input: samlMetadataBody, output: samlParsedMetadata,
    codes: [CODE.samlMetadataUnsafe, CODE.samlMetadataMalformed, CODE.samlMetadataSeveralSps, CODE.samlMetadataNoAcs, CODE.samlCertificateInvalid],
  }),
  casGet: endpoint({
    method: 'POST', path: `${P}/cas/get`, access: 'admin', duties: ['system', 'appOwner'],
    summary: "An application's CAS service URLs (exact or prefix) and the CAS server it is configured with",
    input: appRefBody, output: casGetAnswer, codes: [CODE.notFound, CODE.outsideScope],
  }),
  casSave: endpoint({
    method: 'POST', path: `${P}/cas/save`, access: 'admin', duties: ['system', 'appOwner'],
    summary: "Replace an application's CAS service URLs (an empty list: no longer a CAS service; a list replaces its SAML settings, if any)",
    input: casSaveBody, output: nothing, codes: [CODE.notFound, CODE.casServiceTaken, CODE.outsideScope],
  }),
} satisfies Record<string, EndpointSpec>;
