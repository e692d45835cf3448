/**
 * The SAML 2.0 identity provider's endpoints as the API document lists them: they live beside
 * /idaas (browser navigations and form posts answering HTML or XML, not the JSON envelope), so
 * they are written here rather than derived from contract declarations.
 */
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const samlRequest = { name: 'SAMLRequest', in: 'query', required: true, schema: { type: 'string' }, description: 'base64 of the raw-DEFLATEd AuthnRequest (HTTP-Redirect)' };
const relayState = { name: 'RelayState', in: 'query', required: false, schema: { type: 'string', maxLength: 80 } };
const tags = ['SAML 2.0'];
const refused = html('The portal\'s error page (unknown SP, unverifiable or malformed request, unregistered ACS, wrong Destination, replay)');
const answered = html('A self-submitting form posting the signed SAMLResponse to the SP\'s registered ACS');
const signIn = { description: 'To the portal\'s sign-in page or second factor, which come back to /saml/continue/{id}' };

export const samlOpenApiPaths: Record<string, Record<string, unknown>> = {
  '/saml/metadata': {
    get: {
      tags, operationId: 'samlMetadata', summary: 'Identity provider metadata: entity ID, current and next signing certificates, SSO and SLO endpoints (Redirect, POST), NameID formats', security: [],
      responses: { 200: { description: 'SAML metadata', content: { 'application/samlmetadata+xml': { schema: { type: 'string' } } } } },
    },
  },
  '/saml/sso': {
    get: {
      tags, operationId: 'samlSsoRedirect', summary: 'Single sign-on, HTTP-Redirect binding (optionally signed: SigAlg, Signature over the query as sent)', security: [],
      parameters: [samlRequest, relayState, { name: 'SigAlg', in: 'query', schema: { type: 'string' } }, { name: 'Signature', in: 'query', schema: { type: 'string' } }],
      responses: { 200: answered, 303: signIn, 400: refused, 403: refused, 404: refused },
    },
    post: {
      tags, operationId: 'samlSsoPost', summary: 'Single sign-on, HTTP-POST binding (base64 AuthnRequest, enveloped signature when signed)', security: [],
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['SAMLRequest'], properties: { SAMLRequest: { type: 'string' }, RelayState: { type: 'string', maxLength: 80 } } } } } },
      responses: { 200: answered, 303: signIn, 400: refused, 403: refused, 404: refused, 413: { description: 'Message too large' } },
    },
  },
  '/saml/slo': {
    get: {
      tags, operationId: 'samlSloRedirect', summary: 'Single logout, HTTP-Redirect: an SP\'s LogoutRequest (ends the portal session, then the other SPs are told through the browser) or its LogoutResponse to ours', security: [],
      parameters: [{ ...samlRequest, required: false }, { name: 'SAMLResponse', in: 'query', schema: { type: 'string' } }, relayState, { name: 'SigAlg', in: 'query', schema: { type: 'string' } }, { name: 'Signature', in: 'query', schema: { type: 'string' } }],
      responses: { 200: html('A self-submitting form to an SP\'s registered SLO URL (HTTP-POST binding)'), 303: { description: 'To an SP\'s registered SLO URL (signed query), or the sign-in page at the end' }, 400: refused, 403: refused, 404: refused },
    },
    post: {
      tags, operationId: 'samlSloPost', summary: 'Single logout, HTTP-POST: a LogoutRequest or LogoutResponse (enveloped signature when signed)', security: [],
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { SAMLRequest: { type: 'string' }, SAMLResponse: { type: 'string' }, RelayState: { type: 'string', maxLength: 80 } } } } } },
      responses: { 200: html('A self-submitting form to an SP\'s registered SLO URL'), 303: { description: 'To an SP\'s registered SLO URL, or the sign-in page' }, 400: refused, 403: refused, 404: refused },
    },
  },
  '/saml/signed-out/{id}': {
    get: {
      tags, operationId: 'samlSignedOut', summary: 'The next step of a single logout under way (after the portal\'s sign-out): the next SP\'s signed LogoutRequest, or the sign-in page', security: [],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: html('A self-submitting form to an SP\'s SLO URL'), 303: { description: 'To an SP\'s SLO URL, or the sign-in page' } },
    },
  },
  '/saml/continue/{id}': {
    get: {
      tags, operationId: 'samlContinue', summary: 'Resumes a pending request after the sign-in or second factor (answered once)',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'factor', in: 'query', schema: { type: 'string' } }],
      responses: { 200: answered, 303: signIn, 400: refused },
    },
  },
  '/saml/launch/{appId}': {
    get: {
      tags, operationId: 'samlLaunch', summary: 'IdP-initiated single sign-on from "my apps": an unsolicited Response to the SP\'s default ACS',
      parameters: [{ name: 'appId', in: 'path', required: true, schema: { type: 'string' } }, relayState],
      responses: { 200: answered, 303: signIn, 404: refused },
    },
  },
};
