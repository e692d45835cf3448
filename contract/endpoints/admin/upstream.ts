import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { nothing } from '../../schemas/common.js';
import { z } from 'zod';
import { adminUpstreamProvider, upstreamRefBody, upstreamSaveBody } from '../../schemas/admin/upstream.js';

const P = '/admin/v1/upstream-providers';

/** Workbench: the identity providers people may sign in through (OpenID Connect, WeCom, DingTalk, Feishu). */
export const adminUpstreamEndpoints = {
  list: endpoint({
    method: 'POST', path: `${P}/list`, access: 'admin', duties: ['system'], summary: 'Every upstream provider, in the order the sign-in page shows them (secrets never returned)',
    input: z.object({}).optional(), output: z.array(adminUpstreamProvider),
  }),
  create: endpoint({
    method: 'POST', path: `${P}/create`, access: 'admin', duties: ['system'], summary: 'Add a provider; an OpenID Connect one is checked by reading its discovery document',
    input: upstreamSaveBody, output: nothing, codes: [CODE.upstreamTaken, CODE.upstreamInvalid],
  }),
  update: endpoint({
    method: 'POST', path: `${P}/update`, access: 'admin', duties: ['system'], summary: 'Change a provider (a secret left out is kept)',
    input: upstreamSaveBody, output: nothing, codes: [CODE.notFound, CODE.upstreamInvalid],
  }),
  delete: endpoint({
    method: 'POST', path: `${P}/delete`, access: 'admin', duties: ['system'], summary: 'Remove a provider and the links people made through it',
    input: upstreamRefBody, output: nothing, codes: [CODE.notFound],
  }),
} satisfies Record<string, EndpointSpec>;
