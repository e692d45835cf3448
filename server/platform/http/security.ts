import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd injects its component styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every answer: no inline script, no framing, no sniffing, a conservative
 * referrer. They never vary, so they are built once rather than by middleware per request.
 */
const HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
} as const;

/**
 * HSTS, a year, on answers to HTTPS requests only: HTTPS as the server sees it, or as a proxy
 * TRUST_PROXY trusts says in X-Forwarded-Proto (`request.protocol`); a client's own claim is not
 * believed, and plain HTTP never gets it (browsers ignore it there, and a development server on
 * http://localhost must not be pinned to HTTPS).
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(HEADERS);
    // On the raw answer as well, so answers written past Fastify's reply (the OIDC provider) carry it too.
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    done();
  });
}
