import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import middie from '@fastify/middie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX } from '../../../contract/paths.js';
import { LIMITS } from '../../../contract/rules.js';
import { authEndpoints as e } from '../../../contract/endpoints/auth.js';
import { registerApiScope } from '../../platform/http/apiScope.js';
import { serve } from '../../platform/http/serve.js';
import { callerOf, SESSION_COOKIE, tokenOf } from '../../platform/http/request.js';
import { langOf } from '../../platform/http/envelope.js';
import type { Composition } from '../../composition/services.js';
import { INTERACTION_PREFIX, interactionPath, type OidcContext } from './context.js';
import { OIDC_MOUNT, issuerOf } from './issuer.js';
import { interactions, type InteractionStep } from './interaction.js';
import { signingKeys } from './keys.js';
import { consentPage, errorPage } from './pages.js';
import { payloadsRepo } from './payloadsRepository.js';
import { PROVIDER_HEADERS } from './provider.js';
import { oidcRepo } from './repository.js';
import { oidcRuntime, type OidcRuntime } from './runtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    oidc: OidcRuntime;
  }
}

/** The consent form's body: a token and a decision, nothing larger. */
const FORM_BODY_BYTES = 1024;

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The OpenID Connect provider beside the portal: oidc-provider mounted at /oidc (it sees nothing
 * else: not /idaas, not the SPA), its interactions at /oidc-interaction/:uid, and the one portal
 * endpoint they need under /idaas (the second factor, where the device-trust cookie is sent).
 */
async function oidcPlugin(app: FastifyInstance, { data, ctx, services }: Composition): Promise<void> {
  const issuer = issuerOf(ctx.config.publicUrl);
  const d: OidcContext = {
    issuer, config: ctx.config, clock: ctx.clock, services, repos: data.repos,
    oidc: oidcRepo(data.db), payloads: payloadsRepo(data.db), keys: signingKeys(data.db), log: app.log,
  };
  const runtime = await oidcRuntime(d);
  const flows = interactions(d);
  app.decorate('oidc', runtime);
  runtime.start();
  app.addHook('onClose', async () => runtime.stop());

  await app.register(async (scope) => {
    await scope.register(middie);
    const origin = new URL(app.config.publicUrl);
    // The provider builds its URLs from the request: it is given the configured public origin and
    // the client address Fastify established (trust-proxy rules), never what the client claimed.
    scope.use(OIDC_MOUNT, (req: IncomingMessage & { ip?: string }, res: ServerResponse) => {
      req.headers.host = origin.host;
      req.headers['x-forwarded-host'] = origin.host;
      req.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
      req.headers['x-forwarded-for'] = req.ip ?? '';
      runtime.handle(req, res);
    });
    // Routes so that the scope's hooks (middie) run for these paths; the middleware answers first.
    const unreachable = async (_request: FastifyRequest, reply: FastifyReply) => reply.status(404).send();
    scope.all(OIDC_MOUNT, unreachable);
    scope.all(`${OIDC_MOUNT}/*`, unreachable);

    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    async function answer(request: FastifyRequest, reply: FastifyReply, step: InteractionStep): Promise<FastifyReply> {
      noStore(reply);
      if (step.kind === 'redirect') return reply.redirect(step.location, 303);
      if (step.kind === 'finish') {
        const returnTo = await runtime.provider().interactionResult(request.raw, reply.raw, step.result);
        return reply.redirect(returnTo, 303);
      }
      const { uid } = request.params as { uid: string };
      const page = consentPage(langOf(request), { appName: step.appName, scopes: step.scopes, action: `${interactionPath(uid)}/consent`, csrf: step.csrf });
      return reply.header('content-security-policy', PROVIDER_HEADERS['content-security-policy']).type('text/html; charset=utf-8').send(page);
    }

    /** The interaction named in the path, if this browser holds its cookie; otherwise an error page. */
    async function interactionOf(request: FastifyRequest, reply: FastifyReply) {
      const { uid } = request.params as { uid: string };
      const interaction = uid.length <= LIMITS.oidcUidMax ? await runtime.provider().interactionDetails(request.raw, reply.raw).catch(() => null) : null;
      if (interaction && interaction.uid === uid) return interaction;
      noStore(reply).status(400).type('text/html; charset=utf-8').send(errorPage(langOf(request), 'invalid_request'));
      return null;
    }

    scope.get(`${INTERACTION_PREFIX}/:uid`, async (request, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return reply;
      const { factor } = request.query as { factor?: unknown };
      const proof = typeof factor === 'string' && factor.length <= LIMITS.keyMax ? factor : undefined;
      const step = await flows.decide(interaction, request.cookies[SESSION_COOKIE], proof, callerOf(request, {}));
      return answer(request, reply, step);
    });

    // "Back to the application" of the portal's refusal page: a plain link, since it only ever denies.
    scope.get(`${INTERACTION_PREFIX}/:uid/abort`, async (request, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return reply;
      return answer(request, reply, flows.abandon());
    });

    scope.post(`${INTERACTION_PREFIX}/:uid/consent`, async (request, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return reply;
      const form = (request.body ?? {}) as { csrf?: unknown; decision?: unknown };
      const step = await flows.consent(runtime.provider(), interaction, request.cookies[SESSION_COOKIE], {
        csrf: typeof form.csrf === 'string' ? form.csrf : undefined, decision: typeof form.decision === 'string' ? form.decision : undefined,
      });
      return answer(request, reply, step);
    });

    await scope.register(async (api) => {
      registerApiScope(api);
      serve(api, e.oidcSecondFactor, async ({ input, request, reply, services, caller }) => {
        const user = await services.sessions.authenticate(tokenOf(request)).catch(() => null);
        return reply.redirect(await flows.secondFactor(runtime.provider(), input.uid, user, caller), 303);
      });
    }, { prefix: API_PREFIX });
  });
}

// Not encapsulated: `app.oidc` is for the whole application (tests rotate keys and sweep through it).
(oidcPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default oidcPlugin;
