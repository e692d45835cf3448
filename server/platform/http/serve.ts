import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EndpointSpec, InputOf, OutputOf } from '../../../contract/endpoint.js';
import { fromQueryString } from '../../../contract/schemas/common.js';
import { topLevelIntegerNames } from '../../../contract/schemas/integers.js';
import { ok } from './envelope.js';
import { forbidden } from '../lib/errors.js';
import { callerOf, tokenOf } from './request.js';
import type { Services } from '../../composition/services.js';
import type { AuthUser, Caller } from '../../composition/context.js';
import type { UserProfile } from '../../organisation/usersRepository.js';

export interface EndpointContext<S extends EndpointSpec> {
  input: InputOf<S>;
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  caller: Caller;
  /** The signed-in user; null only on public endpoints. */
  user: S['access'] extends 'public' ? null : AuthUser;
}

/** A handler's answer does not match its declared output: a bug of ours, never the caller's. */
export class ContractViolation extends Error {}

/**
 * The input schema with unknown fields refused rather than dropped: a misspelt or invented field
 * is the client's mistake, and saying so beats silently ignoring it.
 */
function strict(schema: z.ZodType | undefined): z.ZodType | undefined {
  if (schema instanceof z.ZodObject) return schema.strict();
  if (schema instanceof z.ZodOptional && schema.unwrap() instanceof z.ZodObject) return (schema.unwrap() as z.ZodObject).strict().optional();
  return schema;
}

/**
 * Each endpoint's strict input, made once per process: zod builds a whole new schema for
 * `.strict()`, about 12 ms of every app's start over its 250 routes, and a process that builds
 * several apps (the API tests) would pay it for each.
 */
const strictInputs = new WeakMap<EndpointSpec, z.ZodType | undefined>();
function strictInputOf(spec: EndpointSpec): z.ZodType | undefined {
  if (!strictInputs.has(spec)) strictInputs.set(spec, strict(spec.input));
  return strictInputs.get(spec);
}

/**
 * A query string is all text: its integer fields are read from plain decimal digits (anything
 * else stays text, which an integer field refuses). A JSON body gets no such reading.
 */
function queryOf(request: FastifyRequest, integers: readonly string[]): Record<string, unknown> {
  const query = { ...(request.query as Record<string, unknown>) };
  for (const name of integers) if (name in query) query[name] = fromQueryString(query[name]);
  return query;
}

function inputOf(schema: z.ZodType | undefined, spec: EndpointSpec, request: FastifyRequest, integers: readonly string[]): unknown {
  if (!schema) return undefined;
  // A path parameter is part of the address: a query field of the same name cannot override it.
  const source = spec.method === 'GET' ? { ...queryOf(request, integers), ...(request.params as object) } : (request.body ?? {});
  return schema.parse(source);
}

function outputOf(spec: EndpointSpec, data: unknown): unknown {
  const result = spec.output.safeParse(data ?? null);
  if (!result.success) throw new ContractViolation(`${spec.method} ${spec.path} answered outside its contract: ${result.error.message}`);
  return result.data;
}

/**
 * The caller's user when their session is valid (E00009 otherwise) and their roles meet the access
 * level — for an administrative endpoint, one of its duties — (E00403 otherwise): every declared
 * route asks this before it reads its input.
 */
export async function signedInFor(services: Services, request: FastifyRequest, spec: Pick<EndpointSpec, 'access' | 'duties'>): Promise<AuthUser> {
  return admitted(services, await services.sessions.authenticate(tokenOf(request)), spec);
}

/** The signed-in user when their roles meet the access level (E00403 otherwise). */
async function admitted(services: Services, user: AuthUser, spec: Pick<EndpointSpec, 'access' | 'duties'>): Promise<AuthUser> {
  if (!(await services.access.holds(user, spec.access, spec.duties))) throw forbidden();
  return user;
}

/** How a route learns who calls: the user, and anything read with the session. */
type SignIn<X> = (services: Services, request: FastifyRequest, spec: EndpointSpec) => Promise<{ user: AuthUser; with: X }>;

/**
 * Routes one endpoint from its declaration: the session and role its access level asks for
 * (E00009 / E00403 before anything else), the input parsed by its schema (E00001 naming the
 * field), and the answer put through its output schema, so nothing undeclared leaves.
 */
export function serve<const S extends EndpointSpec>(
  app: FastifyInstance,
  spec: S,
  handler: (ctx: EndpointContext<S>) => Promise<OutputOf<S> | FastifyReply>,
): void {
  route(app, spec, async (services, request) => ({ user: await signedInFor(services, request, spec), with: undefined }), handler);
}

/**
 * serve() for an endpoint that answers with the caller's own account: the session and the account
 * with its managers' names are read in one statement (the access level is still checked).
 */
export function serveWithProfile<const S extends EndpointSpec>(
  app: FastifyInstance,
  spec: S,
  handler: (ctx: EndpointContext<S> & { profile: UserProfile }) => Promise<OutputOf<S>> | OutputOf<S>,
): void {
  if (spec.access === 'public') throw new Error(`${spec.method} ${spec.path} is public: it has no caller's profile to read`);
  const signIn: SignIn<UserProfile> = async (services, request) => {
    const { user, profile } = await services.sessions.authenticateWithProfile(tokenOf(request));
    return { user: await admitted(services, user, spec), with: profile };
  };
  // Assigned, not spread: a spread would read `caller`, which is worked out only when asked for.
  route(app, spec, signIn, async (ctx, profile) => handler(Object.assign(ctx, { profile: profile! })));
}

function route<const S extends EndpointSpec, X>(
  app: FastifyInstance,
  spec: S,
  signIn: SignIn<X>,
  handler: (ctx: EndpointContext<S>, signedInWith: X | undefined) => Promise<OutputOf<S> | FastifyReply>,
): void {
  // An administrative endpoint that names no duty would be refused to everyone: a mistake to catch at start-up.
  if (spec.access === 'admin' && !spec.duties?.length) throw new Error(`${spec.method} ${spec.path} is administrative but names no duties`);
  const input = strictInputOf(spec);
  const queryIntegers = spec.method === 'GET' ? topLevelIntegerNames(spec.input) : [];
  app.route({
    method: spec.method,
    url: spec.path,
    config: { endpoint: spec },
    handler: async (request, reply) => {
      const signedIn = spec.access === 'public' ? null : await signIn(app.services, request, spec);
      const parsed = inputOf(input, spec, request, queryIntegers);
      // Who calls (device fields, trust cookies) is worked out only for handlers that ask.
      let caller: Caller | undefined;
      const ctx = {
        input: parsed, request, reply, services: app.services, user: signedIn?.user ?? null,
        get caller() { return (caller ??= callerOf(request, parsed)); },
      } as EndpointContext<S>;
      const data = await handler(ctx, signedIn?.with);
      // Awaiting a returned reply yields undefined (a reply is thenable): only `sent` tells.
      if (reply.sent || data === reply) return reply;
      return ok(request, outputOf(spec, data));
    },
  });
}
