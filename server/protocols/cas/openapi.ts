import { CAS_MOUNT } from './context.js';

type Json = Record<string, unknown>;

/**
 * The CAS 3.0 endpoints in the API document. They are the protocol's own, outside the /idaas
 * envelope: browsers get redirects and pages, back ends `cas:serviceResponse` in XML or JSON.
 */

const query = (name: string, description: string, required = false): Json => ({ name, in: 'query', required, schema: { type: 'string' }, description });
const FORMAT = query('format', '`JSON` for the JSON answer; XML otherwise');
const RENEW = query('renew', 'Set (and not `false`): only a ticket issued from a new sign-in passes');
const xmlOrJson = (description: string): Json => ({
  200: {
    description: `${description} Failures are 200 too, with cas:authenticationFailure (or proxyFailure) code INVALID_REQUEST, INVALID_TICKET_SPEC, INVALID_TICKET, INVALID_SERVICE, INVALID_PROXY_CALLBACK, UNAUTHORIZED_SERVICE_PROXY or INTERNAL_ERROR.`,
    content: { 'application/xml': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } },
  },
});

function validation(summary: string, proxies: boolean, attributes: boolean): Json {
  return {
    get: {
      operationId: `cas_${summary.replace(/\W+/g, '_')}`, tags: ['cas'], summary, security: [],
      parameters: [
        query('ticket', proxies ? 'A service ticket (ST-) or proxy ticket (PT-)' : 'A service ticket (ST-); proxy tickets are refused (INVALID_TICKET_SPEC)', true),
        query('service', 'The service URL the ticket was issued for, exactly', true),
        query('pgtUrl', 'An https callback registered to the same application: it receives pgtId and pgtIou'), RENEW, FORMAT,
      ],
      responses: xmlOrJson(`cas:authenticationSuccess with the account${attributes ? ', attributes (account, name, email, phone, roles, authenticationDate, isFromNewLogin, longTermAuthenticationRequestTokenUsed)' : ''}, the PGT IOU when the callback took it${proxies ? ' and the proxies, most recent first' : ''}.`),
    },
  };
}

export function casOpenApiPaths(): Record<string, Json> {
  return {
    [`${CAS_MOUNT}/login`]: {
      get: {
        operationId: 'cas_login', tags: ['cas'], summary: 'CAS login (browser): the portal sign-in, then back to the service with ?ticket=ST-…', security: [],
        parameters: [
          query('service', 'A registered service URL (exact or below a registered prefix); unregistered: 403 page, no redirect'),
          RENEW, query('gateway', 'Set: show no page; someone not signed in goes back to the service without a ticket'),
        ],
        responses: {
          302: { description: 'To the service with a ticket, to the portal sign-in or second factor (which return here), or to the refusal page' },
          400: { description: 'A page: the service is no valid http(s) URL (userinfo, fragment, other scheme)' },
          403: { description: 'A page: the service is not registered' },
        },
      },
    },
    [`${CAS_MOUNT}/logout`]: {
      get: {
        operationId: 'cas_logout', tags: ['cas'], summary: 'Ends the portal session (services get their single-logout POST)', security: [],
        parameters: [query('service', 'Where to go afterwards: followed only when registered')],
        responses: { 200: { description: 'A signed-out page' }, 302: { description: 'To the registered service' } },
      },
    },
    [`${CAS_MOUNT}/validate`]: {
      get: {
        operationId: 'cas_validate', tags: ['cas'], summary: 'CAS 1.0 validation: `yes\\n<account>\\n` or `no\\n\\n`', security: [],
        parameters: [query('ticket', 'A service ticket', true), query('service', 'The service URL the ticket was issued for', true), RENEW],
        responses: { 200: { description: 'Plain text', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
    },
    [`${CAS_MOUNT}/serviceValidate`]: validation('CAS 2.0 service ticket validation', false, false),
    [`${CAS_MOUNT}/proxyValidate`]: validation('CAS 2.0 service or proxy ticket validation', true, false),
    [`${CAS_MOUNT}/p3/serviceValidate`]: validation('CAS 3.0 service ticket validation with attributes', false, true),
    [`${CAS_MOUNT}/p3/proxyValidate`]: validation('CAS 3.0 service or proxy ticket validation with attributes', true, true),
    [`${CAS_MOUNT}/proxy`]: {
      get: {
        operationId: 'cas_proxy', tags: ['cas'], summary: 'A proxy ticket (PT-) for a registered target service, from a proxy-granting ticket', security: [],
        parameters: [query('pgt', 'The proxy-granting ticket (PGT-)', true), query('targetService', 'A registered service the user may use', true), FORMAT],
        responses: xmlOrJson('cas:proxySuccess with the proxy ticket.'),
      },
    },
  };
}
