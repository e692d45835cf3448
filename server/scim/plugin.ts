import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { CODE } from '../../contract/codes.js';
import { LIMITS } from '../../contract/rules.js';
import { AppError } from '../domain/errors.js';
import { callerOf } from '../http/request.js';
import type { Clock } from '../lib/clock.js';
import { API_CACHE_CONTROL } from '../plugins/apiScope.js';
import type { Database } from '../db/schema.js';
import { buildRepos, unitOfWork, type UnitOfWork } from '../repositories/index.js';
import { adminGroupsService } from '../services/admin/groups.js';
import type { ScimActor } from '../services/admin/scimTokens.js';
import { adminUsersService } from '../services/admin/users.js';
import type { ServiceContext } from '../services/context.js';
import { scimGroupsService } from '../services/scimGroups.js';
import { scimAudit, type ScimCall, type ScimDeps, type ScimTx } from '../services/scimShared.js';
import { scimUsersService } from '../services/scimUsers.js';
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

export interface ScimPluginOptions {
  clock: Clock;
}

/**
 * A unit of work inside a transaction already open: a savepoint, so a statement a service's
 * step gives up on (a unique index refusing a number) leaves the outer transaction usable on
 * PostgreSQL for the service to say why, and undoes only that step.
 */
function savepoints(tx: Kysely<Database>): UnitOfWork {
  return async (work) => {
    await sql`savepoint scim_step`.execute(tx);
    try {
      const result = await work(buildRepos(tx));
      await sql`release savepoint scim_step`.execute(tx);
      return result;
    } catch (error) {
      await sql`rollback to savepoint scim_step`.execute(tx);
      await sql`release savepoint scim_step`.execute(tx);
      throw error;
    }
  };
}

/**
 * SCIM 2.0 (RFC 7643/7644) under /scim/v2, beside the /idaas API rather than in it: its own
 * media type, its own error schema, bearer tokens instead of sessions. Every request is
 * authorised by a provisioning token before its body is read; writes go through the
 * workbench's users and groups services, audited as the token's creator.
 */
export default async function scimPlugin(app: FastifyInstance, opts: ScimPluginOptions): Promise<void> {
  registerScimErrors(app);
  // RFC 7644 §3.1: clients send application/scim+json (plain JSON is accepted too).
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.decorateRequest('scimActor', null);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', API_CACHE_CONTROL);
    const actor = await app.services.admin.scimTokens.authenticate(bearerOf(request));
    if (!actor) {
      reply.header('www-authenticate', 'Bearer realm="scim"');
      throw new AppError(CODE.scimUnauthorized);
    }
    request.scimActor = actor;
  });

  const db = app.store.db;
  const ctx: ServiceContext = { repos: buildRepos(db), transaction: unitOfWork(db), config: app.config, clock: opts.clock };
  // The workbench's own functions, whose audit rows name the SCIM path.
  const audit = scimAudit(app.services.audit);
  const base = { ...app.services, audit };
  // Everything of one write on its transaction: nothing in it may reach for the pool (or, on
  // SQLite, the one connection the transaction holds).
  const onTransaction = (tx: Kysely<Database>): ScimTx => {
    const txCtx: ServiceContext = { ...ctx, repos: buildRepos(tx), transaction: savepoints(tx) };
    return { ctx: txCtx, scim: scimRepo(tx), users: adminUsersService(txCtx, base), groups: adminGroupsService(txCtx, base) };
  };
  const deps: ScimDeps = {
    store: {
      repo: scimRepo(db),
      transaction: (work) => db.transaction().execute((tx) => work(buildRepos(tx), scimRepo(tx))),
      write: (work) => db.transaction().execute((tx) => work(onTransaction(tx))),
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
