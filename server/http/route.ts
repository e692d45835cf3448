import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope.js';
import type { Services } from '../services/index.js';
import type { AuthUser, Caller } from '../services/context.js';

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
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim();
  return request.cookies[SESSION_COOKIE];
}

function field(value: unknown, key: string): string | null {
  if (value && typeof value === 'object' && key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string' && v.length > 0) return v.slice(0, 128);
  }
  return null;
}

export function callerOf(request: FastifyRequest): Caller {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua : null,
    deviceId: field(request.body, 'deviceId'),
    deviceName: field(request.body, 'deviceName'),
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
 * A route that needs no session: parse with the contract schema, call one service, answer
 * with the envelope. Handlers that answer themselves (redirects) return the reply.
 */
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
      const data = await handler({ body, request, reply, services: app.services, caller: callerOf(request) });
      return data === reply ? reply : ok(request, data ?? null);
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
      const data = await handler({ body, request, reply, services: app.services, caller: callerOf(request), user });
      return data === reply ? reply : ok(request, data ?? null);
    },
  });
}
