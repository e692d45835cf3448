import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SPA_PATHS } from '../../../contract/paths.js';
import { LIMITS } from '../../../contract/rules.js';
import { callerOf, SESSION_COOKIE } from '../../platform/http/request.js';
import { langOf } from '../../platform/http/envelope.js';
import type { Composition } from '../../composition/services.js';
import { FACTOR_PARAM } from '../signOn/returnPaths.js';
import { SAML_MOUNT, samlUrls } from './constants.js';
import { samlFlow, type SamlAnswer } from './flow.js';
import { samlKeys, type SamlKeys } from './keys.js';
import { SIGNED_OUT, samlLogoutFlow, type SloMessage } from './logout.js';
import { samlLogoutRepo } from './logoutRepository.js';
import { idpMetadata } from './metadata.js';
import { autoPostPage, errorPage, PAGE_HEADERS } from './pages.js';
import { samlRepo } from './repository.js';
import { XML_MAX_CHARS } from './safeXml.js';

/** The signing keys at the server's clock: what the workbench lists and rotates. */
export interface SamlKeyAdmin {
  list(): ReturnType<SamlKeys['list']>;
  published(): ReturnType<SamlKeys['published']>;
  rotate(seen?: string): ReturnType<SamlKeys['rotate']>;
}

/** What the portal's sign-out asks of SAML single logout. */
export interface SamlSignOut {
  /** Before the portal session ends: where the browser goes to sign its SAML SPs out, or null when it has none. */
  signingOut(portalSessionRef: number): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    samlKeys: SamlKeyAdmin;
    samlSignOut: SamlSignOut;
  }
}

/** An HTTP-POST form: the base64 of the largest message accepted, and a RelayState. */
const FORM_BODY_BYTES = Math.ceil((XML_MAX_CHARS * 4) / 3) + 4096;
const PENDING_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The SAML 2.0 identity provider at /saml: metadata, single sign-on by HTTP-Redirect and
 * HTTP-POST, the return from the portal's sign-in, and the launch from "my apps".
 */
async function samlPlugin(app: FastifyInstance, { data, ctx, services }: Composition): Promise<void> {
  const urls = samlUrls(ctx.config.publicUrl);
  const keys = samlKeys(data.db, services.secrets, urls.entityId);
  const saml = samlRepo(data.db);
  const flow = samlFlow({ urls, clock: ctx.clock, services, repos: data.repos, saml, keys });
  const logout = samlLogoutFlow({ urls, clock: ctx.clock, services, repos: data.repos, saml, keys, logouts: samlLogoutRepo(data.db) });
  app.decorate('samlSignOut', { signingOut: (ref) => logout.signingOut(ref) } satisfies SamlSignOut);
  // SAML sessions of portal sessions ended without a browser (an administrator, expiry) are dropped with the logout sweeps' rhythm.
  const sweepMs = ctx.config.oidc.logoutSweepMs;
  if (sweepMs > 0) {
    const timer = setInterval(() => {
      logout.prune().catch((error: unknown) => app.log.warn({ err: error }, 'SAML session prune failed'));
    }, sweepMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.decorate('samlKeys', {
    list: () => keys.list(ctx.clock.now()), published: () => keys.published(ctx.clock.now()), 
    rotate: (seen) => keys.rotate(ctx.clock.now(), ctx.config.saml.keyMinPublishedMinutes * 60_000, seen),
 
  } satisfies SamlKeyAdmin);

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    function answer(request: FastifyRequest, reply: FastifyReply, result: SamlAnswer): FastifyReply {
      if (result.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(result.location, 303);
      if (result.kind === 'error') {
        request.log.info({ saml: result.code }, 'SAML request refused');
        return reply.headers(PAGE_HEADERS).status(result.status).type('text/html; charset=utf-8').send(errorPage(langOf(request), result.code));
      }
      const page = autoPostPage(langOf(request), result.action, result.fields);
      return reply.headers(page.headers).type('text/html; charset=utf-8').send(page.html);
    }

    const rawQuery = (request: FastifyRequest): string => {
      const url = request.raw.url ?? '';
      const at = url.indexOf('?');
      return at < 0 ? '' : url.slice(at + 1);
    };

    scope.get(`${SAML_MOUNT}/metadata`, async (_request, reply) => {
      const xml = idpMetadata(urls, await keys.published(ctx.clock.now()));
      return reply.header('cache-control', 'public, max-age=300').type('application/samlmetadata+xml; charset=utf-8').send(xml);
    });

    scope.get(`${SAML_MOUNT}/sso`, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const result = await flow.inbound({ binding: 'redirect', samlRequest: query.SAMLRequest, relayState: query.RelayState, rawQuery: rawQuery(request) },
        request.cookies[SESSION_COOKIE], callerOf(request, {}));
      return answer(request, reply, result);
    });

    scope.post(`${SAML_MOUNT}/sso`, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const result = await flow.inbound({ binding: 'post', samlRequest: form.SAMLRequest, relayState: form.RelayState, rawQuery: '' },
        request.cookies[SESSION_COOKIE], callerOf(request, {}));
      return answer(request, reply, result);
    });

    const slo = async (request: FastifyRequest, reply: FastifyReply, message: SloMessage) => {
      const result = await logout.inbound(message, request.cookies[SESSION_COOKIE]);
      if (result.endedPortal) {
        // The applications of the ended session hear of it as on the portal's sign-out (back-channel logout).
        request.server.oidc.signedOut();
        request.server.cas.signedOut();
      }
      return answer(request, reply, result.answer);
    };
    scope.get(`${SAML_MOUNT}/slo`, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      return slo(request, reply, { binding: 'redirect', samlRequest: query.SAMLRequest, samlResponse: query.SAMLResponse, relayState: query.RelayState, rawQuery: rawQuery(request) });
    });
    scope.post(`${SAML_MOUNT}/slo`, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      return slo(request, reply, { binding: 'post', samlRequest: form.SAMLRequest, samlResponse: form.SAMLResponse, relayState: form.RelayState, rawQuery: '' });
    });
    scope.get(`${SIGNED_OUT}/:id`, async (request, reply) => {
      const { id } = request.params as { id: string };
      return answer(request, reply, PENDING_ID.test(id) ? await logout.next(id) : { kind: 'redirect', location: SPA_PATHS.login });
    });

    scope.get(`${SAML_MOUNT}/continue/:id`, async (request, reply) => {
      const { id } = request.params as { id: string };
      const factor = (request.query as Record<string, unknown>)[FACTOR_PARAM];
      const proof = typeof factor === 'string' && factor.length <= LIMITS.keyMax ? factor : undefined;
      const result = PENDING_ID.test(id)
        ? await flow.resume(id, request.cookies[SESSION_COOKIE], proof, callerOf(request, {}))
        : { kind: 'error' as const, status: 400 as const, code: 'request_expired' };
      return answer(request, reply, result);
    });

    scope.get(`${SAML_MOUNT}/launch/:appId`, async (request, reply) => {
      const { appId } = request.params as { appId: string };
      const { RelayState } = request.query as Record<string, unknown>;
      return answer(request, reply, await flow.launch(appId, RelayState, request.cookies[SESSION_COOKIE], callerOf(request, {})));
    });
  });
}

// Not encapsulated: `app.samlKeys` is for the whole application (the workbench rotates keys through it).
(samlPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default samlPlugin;
