import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE } from '../../../contract/codes.js';
import { LIMITS } from '../../../contract/rules.js';
import { AppError } from '../../platform/lib/errors.js';
import { callerOf } from '../../platform/http/request.js';
import { API_CACHE_CONTROL } from '../../platform/http/apiScope.js';
import type { DataScope } from '../../composition/repositories.js';
import { adminGroupsService } from '../../groups/adminService.js';
import type { ScimActor } from './tokensAdminService.js';
import { adminUsersService } from '../../organisation/usersAdminService.js';
import { contextOn } from '../../composition/context.js';
import type { Composition } from '../../composition/services.js';
import { scimGroupsService } from './groupsService.js';
import { scimAudit, type ScimCall, type ScimDeps, type ScimTx } from './shared.js';
import { scimUsersService } from './usersService.js';
import { registerScimErrors, SCIM_CONTENT_TYPE } from './errors.js';
import { linksOf } from './links.js';
import { scimRepo } from './repository.js';
import { registerScimRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    scimActor: ScimActor | null;
  }
}

/** The bearer token of a request; SCIM clients never use the portal's cookie. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(header.trim()) : null;
  return match?.[1];
}

/**
 * SCIM 2.0 (RFC 7643/7644) under /scim/v2, beside the /idaas API rather than in it: its own
 * media type, its own error schema, bearer tokens instead of sessions. Every request is
 * authorised by a provisioning token before its body is read; writes go through the
 * workbench's users and groups services, audited as the token's creator.
 */
export default async function scimPlugin(app: FastifyInstance, { data, ctx, services }: Composition): Promise<void> {
  registerScimErrors(app);
  // RFC 7644 §3.1: clients send application/scim+json (plain JSON is accepted too).
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.decorateRequest('scimActor', null);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', API_CACHE_CONTROL);
    const actor = await services.admin.scimTokens.authenticate(bearerOf(request));
    if (!actor) {
      reply.header('www-authenticate', 'Bearer realm="scim"');
      throw new AppError(CODE.scimUnauthorized);
    }
    request.scimActor = actor;
  });

  // The workbench's own functions, whose audit rows name the SCIM path.
  const audit = scimAudit(services.audit);
  const base = { ...services, audit };
  // Everything of one write on its transaction (the data layer bound to it, the services' own
  // transactions as savepoints): nothing in it may reach for the pool (or, on SQLite, the one
  // connection the transaction holds).
  const onTransaction = (scope: DataScope): ScimTx => {
    const txCtx = contextOn(scope, ctx.config, ctx.clock);
    return { ctx: txCtx, scim: scimRepo(scope.db), users: adminUsersService(txCtx, base), groups: adminGroupsService(txCtx, base) };
  };
  const deps: ScimDeps = {
    store: {
      repo: scimRepo(data.db),
      transaction: (work) => data.inTransaction((scope) => work(scope.repos, scimRepo(scope.db))),
      write: (work) => data.inTransaction((scope) => work(onTransaction(scope))),
    },
    users: adminUsersService(ctx, base),
    groups: adminGroupsService(ctx, base),
    audit,
  };

  registerScimRoutes(app, {
    users: scimUsersService(ctx, deps),
    groups: scimGroupsService(ctx, deps),
    bodyLimit: LIMITS.scimBodyBytes,
    callOf: (request: FastifyRequest): ScimCall => ({ actor: request.scimActor!, caller: callerOf(request, null), links: linksOf(request) }),
    send: (reply: FastifyReply, status: number, doc: unknown) => reply.status(status).type(SCIM_CONTENT_TYPE).send(doc),
  });
}
