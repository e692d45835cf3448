import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScimGroupsService } from './groupsService.js';
import type { ScimCall } from './shared.js';
import type { ScimUsersService } from './usersService.js';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.js';
import { attributesQuery, listQuery } from './input.js';
import { linksOf } from './links.js';
import type { ScimDocument } from './resources.js';
import { notFound } from '../../platform/lib/errors.js';
import { listResponse } from './shared.js';

const OK = 200;
const CREATED = 201;
const NO_CONTENT = 204;

export interface ScimRoutesDeps {
  users: ScimUsersService;
  groups: ScimGroupsService;
  bodyLimit: number;
  callOf(request: FastifyRequest): ScimCall;
  send(reply: FastifyReply, status: number, doc: unknown): FastifyReply;
}

type IdParams = { Params: { id: string } };
const ifMatchOf = (request: FastifyRequest) => (typeof request.headers['if-match'] === 'string' ? request.headers['if-match'] : undefined);
const versionOf = (doc: ScimDocument) => (doc.meta as { version?: string } | undefined)?.version;

/** The routes of one resource type: list, read, create, replace, patch, delete. */
function resource(app: FastifyInstance, path: string, service: ScimUsersService | ScimGroupsService, deps: ScimRoutesDeps): void {
  const answer = (reply: FastifyReply, status: number, doc: ScimDocument) => {
    const version = versionOf(doc);
    if (version) reply.header('etag', version);
    return deps.send(reply, status, doc);
  };
  const withBody = { bodyLimit: deps.bodyLimit };

  app.get(path, async (request, reply) => deps.send(reply, OK, await service.list(listQuery.parse(request.query ?? {}), linksOf(request), deps.callOf(request).actor.scope)));
  app.get<IdParams>(`${path}/:id`, async (request, reply) => {
    const q = attributesQuery.parse(request.query ?? {});
    return answer(reply, OK, await service.get(request.params.id, linksOf(request), deps.callOf(request).actor.scope, q.attributes, q.excludedAttributes));
  });
  app.post(path, withBody, async (request, reply) => {
    const doc = await service.create(deps.callOf(request), request.body);
    reply.header('location', (doc.meta as { location: string }).location);
    return answer(reply, CREATED, doc);
  });
  app.put<IdParams>(`${path}/:id`, withBody, async (request, reply) =>
    answer(reply, OK, await service.replace(deps.callOf(request), request.params.id, request.body, ifMatchOf(request))));
  app.patch<IdParams>(`${path}/:id`, withBody, async (request, reply) =>
    answer(reply, OK, await service.patch(deps.callOf(request), request.params.id, request.body, ifMatchOf(request))));
  app.delete<IdParams>(`${path}/:id`, async (request, reply) => {
    await service.delete(deps.callOf(request), request.params.id, ifMatchOf(request));
    return reply.status(NO_CONTENT).send();
  });
}

/** Discovery (RFC 7644 §4) and the two resource types. */
export function registerScimRoutes(app: FastifyInstance, deps: ScimRoutesDeps): void {
  app.get('/ServiceProviderConfig', async (request, reply) => deps.send(reply, OK, serviceProviderConfig(linksOf(request))));
  app.get('/ResourceTypes', async (request, reply) => {
    const all = resourceTypes(linksOf(request));
    return deps.send(reply, OK, listResponse(all, all.length, 1));
  });
  app.get<IdParams>('/ResourceTypes/:id', async (request, reply) => {
    const found = resourceTypes(linksOf(request)).find((t) => t.id === request.params.id);
    if (!found) throw notFound();
    return deps.send(reply, OK, found);
  });
  app.get('/Schemas', async (request, reply) => {
    const all = schemas(linksOf(request));
    return deps.send(reply, OK, listResponse(all, all.length, 1));
  });
  app.get<IdParams>('/Schemas/:id', async (request, reply) => {
    const found = schemas(linksOf(request)).find((s) => s.id === request.params.id);
    if (!found) throw notFound();
    return deps.send(reply, OK, found);
  });
  resource(app, '/Users', deps.users, deps);
  resource(app, '/Groups', deps.groups, deps);
  // Anything else under the prefix is SCIM's 404 (after the token check), not the SPA's page,
  // which the static files' root wildcard would otherwise answer.
  app.all('/*', async () => {
    throw notFound();
  });
}
