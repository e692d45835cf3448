import type { FastifyInstance } from 'fastify';
import { codesOf, type EndpointSpec } from '../../../contract/endpoint.js';
import { API_PREFIX } from '../../../contract/paths.js';

/** Routes under the API prefix that are not endpoints of the contract on purpose (its own documents). */
export const CONTRACT_DOCUMENTS = new Set([`${API_PREFIX}/openapi.json`, `${API_PREFIX}/docs`, `${API_PREFIX}/docs/*`]);

export interface ContractCheck {
  /** API routes registered without a declaration: each must become one. */
  undeclaredRoutes: string[];
  /** "METHOD path → code" for every answer a declaration does not list (outside production only). */
  undeclaredAnswers: Set<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contractCheck: ContractCheck;
  }
  interface FastifyContextConfig {
    endpoint?: EndpointSpec;
  }
}

const CODE = /^\{"code":"(\w+)"/;

/**
 * Holds the server to its contract: every API route must be declared, and (outside production,
 * where the API suite runs) every code an endpoint answers must be one its declaration lists.
 */
export function registerContractCheck(app: FastifyInstance, watchAnswers: boolean): void {
  const check: ContractCheck = { undeclaredRoutes: [], undeclaredAnswers: new Set() };
  app.decorate('contractCheck', check);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith(`${API_PREFIX}/`) || route.config?.endpoint || CONTRACT_DOCUMENTS.has(route.url)) return;
    for (const method of methods) if (method !== 'HEAD') check.undeclaredRoutes.push(`${method} ${route.url}`);
  });
  if (!watchAnswers) return;
  const declared = new WeakMap<EndpointSpec, Set<string>>();
  const codesFor = (spec: EndpointSpec) => declared.get(spec) ?? declared.set(spec, new Set(codesOf(spec))).get(spec)!;
  app.addHook('onSend', (request, _reply, payload, done) => {
    const spec = request.routeOptions.config.endpoint;
    const code = spec && typeof payload === 'string' ? CODE.exec(payload)?.[1] : undefined;
    if (spec && code && !codesFor(spec).has(code)) check.undeclaredAnswers.add(`${spec.method} ${spec.path} → ${code}`);
    done(null, payload);
  });
}
