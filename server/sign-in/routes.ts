import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints as e } from '../../contract/endpoints/auth.js';
import { NETWORK_REASON, SPA_PATHS, refusedLaunchPage } from '../../contract/paths.js';
import type { LoginResponse } from '../../contract/schemas/auth.js';
import { SESSION_COOKIE, tokenOf } from '../platform/http/request.js';
import { serve } from '../platform/http/serve.js';
import type { LoginOutcome } from './flow.js';

/**
 * Opens the browser session of a finished sign-in (HttpOnly cookie; Secure over https), ending
 * the session this browser held before, and remembers the browser when the second factor was
 * just passed on it.
 */
export async function setSessionCookie(request: FastifyRequest, reply: FastifyReply, outcome: LoginOutcome, maxAgeSeconds: number): Promise<void> {
  if (!outcome.session) return;
  const secure = request.protocol === 'https';
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await request.server.services.sessions.end(previous);
  reply.setCookie(SESSION_COOKIE, outcome.session.token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: maxAgeSeconds });
  if (outcome.trust) {
    reply.setCookie(outcome.trust.name, outcome.trust.token, { httpOnly: true, sameSite: 'lax', secure, path: '/idaas', maxAge: outcome.trust.maxAgeSeconds });
  }
}

/** The answer of a sign-in step, with the session cookie when the step opened the session. */
export async function signInAnswer({ request, reply }: { request: FastifyRequest; reply: FastifyReply }, outcome: LoginOutcome): Promise<LoginResponse> {
  // The cookie lasts as long as the session may (the live session policy).
  await setSessionCookie(request, reply, outcome, (await request.server.services.settings.current()).sessions.absoluteHours * 3600);
  return outcome.response;
}

/** Password sign-in, the sign-in page's settings, picture captcha, sign-out and single sign-on. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.sm2Key, ({ services }) => services.sm2.publicKey());
  serve(app, e.pacasSm2Key, ({ services }) => services.sm2.publicKey());
  serve(app, e.appLoginConfig, ({ input, services }) => services.loginConfig.typesFor(input.appId));
  serve(app, e.appBrand, ({ input, services }) => services.loginConfig.brandOf(input.appId));
  serve(app, e.sessionState, async ({ services, request }) => ({ signedIn: (await services.sessions.authenticate(tokenOf(request)).catch(() => null)) !== null }));
  serve(app, e.ipCheck, async ({ services, caller }) => {
    await services.login.ipCheck(caller.ip);
    return null;
  });
  serve(app, e.loginCheck, async (ctx) => signInAnswer(ctx, await ctx.services.login.passwordLogin(ctx.input, ctx.caller)));
  serve(app, e.captcha, ({ services }) => services.captcha.createPicture());
  serve(app, e.logout, async ({ services, request, reply }) => {
    const session = await services.sessions.authenticate(tokenOf(request)).catch(() => null);
    // Before the session ends: its SAML sessions are kept for the browser to carry their LogoutRequests (front-channel).
    const singleLogout = session ? await request.server.samlSignOut.signingOut(session.sessionId) : null;
    await services.sessions.end(tokenOf(request));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    // The applications this session signed in to hear of it now (back-channel logout).
    request.server.oidc.signedOut();
    request.server.cas.signedOut();
    return { singleLogout };
  });
  serve(app, e.applyToken, ({ input, services, user, caller }) => services.sso.applyToken(user, input.clientId, caller));
  serve(app, e.ssoRedeem, ({ input, services }) => services.sso.redeem(input, services.admin.apps.verifyClientSecret));

  // A browser navigation, not an XHR: it answers with redirects, never with JSON.
  serve(app, e.ssoGo, async ({ input, request, reply, services, caller }) => {
    const user = await services.sessions.authenticate(tokenOf(request)).catch(() => null);
    const decision = await services.sso.launch(input.clientId, user, caller);
    switch (decision.kind) {
      case 'redirect':
        return reply.redirect(decision.url, 302);
      case 'signIn':
        return reply.redirect(`${SPA_PATHS.login}?appId=${encodeURIComponent(decision.appId)}`, 302);
      case 'noPermission':
        // Named, so the page can say which application and offer another account for it.
        return reply.redirect(refusedLaunchPage(decision.appId), 302);
      case 'networkRefused':
        return reply.redirect(refusedLaunchPage(decision.appId, NETWORK_REASON), 302);
      default:
        return reply.redirect(SPA_PATHS.notFound, 302);
    }
  });
}
