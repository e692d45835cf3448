import { z } from 'zod';
import { endpoint, type EndpointSpec } from '../endpoint.js';
import { nothing, text } from '../schemas/common.js';

/** Under /idaas: where a SAML identity provider posts its answer, and the service provider's entityID prefix. */
export const UPSTREAM_SAML_PATHS = {
  acs: '/auth/v1/upstream/saml/acs',
  entity: '/auth/v1/upstream/saml',
} as const;

/** A base64 Response of at most 256 K characters of XML. */
const RESPONSE_MAX = 360 * 1024;

/** POST upstream/saml/acs: the provider's Response by HTTP-POST, the trip's state as RelayState. */
export const upstreamSamlAcsBody = z.object({
  SAMLResponse: text(RESPONSE_MAX).min(1),
  RelayState: text(64).optional(),
});

/**
 * The portal as a SAML service provider of an upstream identity provider. Apart from upstream.ts:
 * the browser never calls it from script (the provider's page posts a form to it), so the sign-in
 * page's chunks carry none of it.
 */
export const upstreamSamlEndpoints = {
  acs: endpoint({
    method: 'POST', path: UPSTREAM_SAML_PATHS.acs, access: 'public',
    summary: "Assertion consumer service: the provider's Response checked (schema, signature, issuer, audience, destination, InResponseTo once, validity), then on to the callback",
    input: upstreamSamlAcsBody, output: nothing, redirect: true, crossSiteForm: true,
  }),
} satisfies Record<string, EndpointSpec>;
