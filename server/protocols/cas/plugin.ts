import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf, SESSION_COOKIE } from '../../platform/http/request.js';
import { langOf } from '../../platform/http/envelope.js';
import type { Composition } from '../../composition/services.js';
import { signOnStep } from '../signOn/step.js';
import { FACTOR_PARAM } from '../signOn/returnPaths.js';
import { CAS_MOUNT, type CasContext } from './context.js';
import { casLogin, flag } from './login.js';
import { badServicePage, loggedOutPage, unregisteredPage } from './pages.js';
import { casOutbound } from './proxyCallback.js';
import { casRepo } from './repository.js';
import { CONTENT_TYPE, failure, formatOf } from './responses.js';
import { casRuntime, type CasRuntime } from './runtime.js';
import { parseService } from './serviceUrl.js';
import { casValidation, type Endpoint } from './validate.js';

declare module 'fastify' {
  interface FastifyInstance {
    cas: CasRuntime;
  }
}

/** A query parameter given once as text; repeated or absent is nothing. */
const one = (query: unknown, name: string): string | undefined => {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
const html = (reply: FastifyReply, status: number, page: string) => noStore(reply).status(status).type('text/html; charset=utf-8').send(page);

/**
 * The CAS 3.0 server at /cas: login and logout for browsers, validation and proxy endpoints for
 * the services' back ends. Its login step is the portal's (signOn/step.ts): the same sign-in
 * page, second factor, permission check and logs as OpenID Connect and SAML.
 */
async function casPlugin(app: FastifyInstance, { data, ctx, services }: Composition): Promise<void> {
  const d: CasContext = {
    config: ctx.config, clock: ctx.clock, services, repos: data.repos, cas: casRepo(data.db),
    steps: signOnStep({ services, repos: data.repos, clock: ctx.clock }), outbound: casOutbound(ctx.config, app.log), log: app.log,
  };
  const login = casLogin(d);
  const validation = casValidation(d);
  const runtime = casRuntime(d);
  app.decorate('cas', runtime);
  runtime.start();
  app.addHook('onClose', async () => runtime.stop());

  await app.register(async (scope) => {
    scope.get(`${CAS_MOUNT}/login`, async (request, reply) => {
      const q = request.query;
      const answer = await login({
        service: one(q, 'service'), renew: flag(one(q, 'renew')), gateway: flag(one(q, 'gateway')), since: one(q, 'since'),
        factor: one(q, FACTOR_PARAM), portalToken: request.cookies[SESSION_COOKIE], caller: callerOf(request, {}),
      });
      if (answer.kind === 'badService') return html(reply, 400, badServicePage(langOf(request)));
      if (answer.kind === 'unregistered') return html(reply, 403, unregisteredPage(langOf(request)));
      return noStore(reply).redirect(answer.location, 302);
    });

    // The portal's sign-out (the same as its own), then back to the service only if it is registered.
    scope.get(`${CAS_MOUNT}/logout`, async (request, reply) => {
      await services.sessions.end(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      request.server.oidc.signedOut();
      runtime.signedOut();
      const service = parseService(one(request.query, 'service'));
      const registered = service && (await d.cas.serviceFor(service));
      if (registered && registered.app.enabled) return noStore(reply).redirect(one(request.query, 'service')!, 302);
      return html(reply, 200, loggedOutPage(langOf(request)));
    });

    const validateAt = (path: string, endpoint: Endpoint) => scope.get(`${CAS_MOUNT}${path}`, async (request, reply) => {
      const q = request.query;
      const format = formatOf(one(q, 'format'));
      const body = await answerOrInternal(request, format, 'authentication', () => validation.validate({
        ticket: one(q, 'ticket'), service: one(q, 'service'), pgtUrl: one(q, 'pgtUrl'), renew: flag(one(q, 'renew')), format,
      }, endpoint));
      return noStore(reply).type(CONTENT_TYPE[format]).send(body);
    });
    validateAt('/serviceValidate', { proxies: false, attributes: false });
    validateAt('/proxyValidate', { proxies: true, attributes: false });
    validateAt('/p3/serviceValidate', { proxies: false, attributes: true });
    validateAt('/p3/proxyValidate', { proxies: true, attributes: true });

    scope.get(`${CAS_MOUNT}/validate`, async (request, reply) => {
      const q = request.query;
      const body = await validation.validateV1({ ticket: one(q, 'ticket'), service: one(q, 'service'), renew: flag(one(q, 'renew')), format: 'XML' })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'CAS validation failed');
          return 'no\n\n';
        });
      return noStore(reply).type('text/plain; charset=utf-8').send(body);
    });

    scope.get(`${CAS_MOUNT}/proxy`, async (request, reply) => {
      const q = request.query;
      const format = formatOf(one(q, 'format'));
      const body = await answerOrInternal(request, format, 'proxy', () => validation.proxy({
        pgt: one(q, 'pgt'), targetService: one(q, 'targetService'), format, caller: callerOf(request, {}),
      }));
      return noStore(reply).type(CONTENT_TYPE[format]).send(body);
    });
  });

  /** A failure of the server itself is the protocol's INTERNAL_ERROR, logged here, not a bare 500 the client cannot read. */
  async function answerOrInternal(request: FastifyRequest, format: ReturnType<typeof formatOf>, kind: 'authentication' | 'proxy', work: () => Promise<string>): Promise<string> {
    try {
      return await work();
    } catch (error) {
      request.log.error({ err: error }, 'CAS request failed');
      return failure(kind, format, 'INTERNAL_ERROR', 'the server could not answer; try again');
    }
  }
}

// Not encapsulated: `app.cas` is for the whole application (sign-out triggers its sweep, tests call it).
(casPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default casPlugin;
