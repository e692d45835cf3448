import type { FastifyInstance } from 'fastify';
import { UPSTREAM_PATHS, upstreamEndpoints as e } from '../../contract/endpoints/upstream.js';
import { upstreamSamlEndpoints } from '../../contract/endpoints/upstreamSaml.js';
import { API_PREFIX } from '../../contract/paths.js';
import { serve } from '../platform/http/serve.js';
import { signInAnswer, setSessionCookie } from '../sign-in/routes.js';

/** Ties a trip to the provider to the browser that started it (login CSRF); HttpOnly, sent back on the provider's top-level redirect (Lax). */
const BROWSER_COOKIE = 'idaas_upstream';
const COOKIE_PATH = `${API_PREFIX}${UPSTREAM_PATHS.callback}`;
/** A posted SAML Response: base64 of at most 256 K characters of XML, and its RelayState. */
const SAML_FORM_BYTES = 400 * 1024;

/** Sign-in through other identity providers: the buttons, the trip there and back, and the first sign-in's link or bind. */
export default async function upstreamRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.providers, ({ input, services }) => services.upstream.buttons(input.appId));

  serve(app, e.start, async ({ input, services, request, reply }) => {
    const { location, browserBinding } = await services.upstream.start(input);
    if (browserBinding) {
      reply.setCookie(BROWSER_COOKIE, browserBinding, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: COOKIE_PATH, maxAge: app.config.ticketMinutes * 60 });
    }
    return reply.redirect(location, 302);
  });

  serve(app, e.callback, async ({ input, services, request, reply }) => {
    const location = await services.upstream.callback(input, request.cookies[BROWSER_COOKIE]);
    reply.clearCookie(BROWSER_COOKIE, { path: COOKIE_PATH });
    return reply.redirect(location, 302);
  });

  // The only form body of the area, in a scope of its own: the JSON endpoints beside it accept no form post.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: SAML_FORM_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    serve(scope, upstreamSamlEndpoints.acs, async ({ input, services, reply }) => reply.redirect(await services.upstream.samlAcs(input), 303));
  });

  serve(app, e.finish, async (ctx) => {
    const { result, outcome } = await ctx.services.upstream.finish(ctx.input, ctx.caller);
    if (outcome) await setSessionCookie(ctx.request, ctx.reply, outcome, (await ctx.services.settings.current()).sessions.absoluteHours * 3600);
    return result;
  });

  serve(app, e.bind, async (ctx) => signInAnswer(ctx, await ctx.services.upstream.bind(ctx.input, ctx.caller)));
}
