import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { deviceFields } from '../../contract/schemas/common.js';
import { ok } from './envelope.js';
import type { Services } from '../services/index.js';
import { TRUST_COOKIE_PREFIX, type AuthUser, type Caller } from '../services/context.js';

export const SESSION_COOKIE = 'idaas_token';

export interface PublicContext<B> {
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  caller: Caller;
}
export interface UserContext<B> extends PublicContext<B> {
  user: AuthUser;
}

/** The session token of a request: the cookie, or a Bearer header for non-browser clients. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  // RFC 9110: the scheme name is case-insensitive.
  const bearer = typeof header === 'string' ? /^bearer\s+(.+)$/i.exec(header.trim()) : null;
  if (bearer) return bearer[1].trim();
  return request.cookies[SESSION_COOKIE];
}

/**
 * The device fields of the parsed body, checked again against the contract: a route whose
 * schema does not declare them must not pass a raw value through to the device columns.
 */
const deviceOf = z.object(deviceFields);


function trustTokensOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.cookies)) {
    if (name.startsWith(TRUST_COOKIE_PREFIX) && typeof value === 'string' && value.length <= 100) out[name] = value;
  }
  return out;
}

/** Who is calling. Device fields come from the parsed body, never the raw one, which nothing has bounded. */
export function callerOf(request: FastifyRequest, body: unknown): Caller {
  const ua = request.headers['user-agent'];
  const device = deviceOf.safeParse(body ?? {});
  return {
    trustTokens: trustTokensOf(request),
    // A hop count set too high hands the client's own X-Forwarded-For entry through; the columns hold 64.
    ip: request.ip.slice(0, 64),
    userAgent: typeof ua === 'string' ? ua : null,
    deviceId: (device.success && device.data.deviceId) || null,
    deviceName: (device.success && device.data.deviceName) || null,
  };
}

type Method = 'GET' | 'POST';
type Schema = z.ZodType | null;
type Input<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

function parse<S extends Schema>(schema: S, request: FastifyRequest): Input<S> {
  if (!schema) return undefined as Input<S>;
  const source = request.method === 'GET' ? request.query : (request.body ?? {});
  return schema.parse(source) as Input<S>;
}

/**
 * The envelope of a handler's result, or the reply when the handler answered itself (redirects,
 * custom messages). Awaiting a returned reply yields undefined (a reply is thenable), so only
 * `reply.sent` tells; sending again would log "Reply was already sent".
 */
function answer(request: FastifyRequest, reply: FastifyReply, data: unknown) {
  return reply.sent || data === reply ? reply : ok(request, data ?? null);
}

/** A route that needs no session: parse with the contract schema, call one service, answer with the envelope. */
export function publicRoute<S extends Schema, R>(
  app: FastifyInstance,
  method: Method,
  url: string,
  schema: S,
  handler: (ctx: PublicContext<Input<S>>) => Promise<R>,
): void {
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const body = parse(schema, request);
      const data = await handler({ body, request, reply, services: app.services, caller: callerOf(request, body) });
      return answer(request, reply, data);
    },
  });
}

/** A route for a signed-in user: E00009 without a live session. */
export function userRoute<S extends Schema, R>(
  app: FastifyInstance,
  method: Method,
  url: string,
  schema: S,
  handler: (ctx: UserContext<Input<S>>) => Promise<R>,
): void {
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const user = await app.services.sessions.authenticate(tokenOf(request));
      const body = parse(schema, request);
      const data = await handler({ body, request, reply, services: app.services, caller: callerOf(request, body), user });
      return answer(request, reply, data);
    },
  });
}
