import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '../../../contract/rules.js';
import { deviceFields } from '../../../contract/schemas/common.js';
import { TRUST_COOKIE_PREFIX, type Caller } from '../../composition/context.js';

export const SESSION_COOKIE = 'idaas_token';

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
    if (name.startsWith(TRUST_COOKIE_PREFIX) && typeof value === 'string' && value.length <= LIMITS.tokenMax) out[name] = value;
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
    ip: request.ip.slice(0, LIMITS.ipMax),
    userAgent: typeof ua === 'string' ? ua : null,
    deviceId: (device.success && device.data.deviceId) || null,
    deviceName: (device.success && device.data.deviceName) || null,
  };
}
