import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paths } from '../../contract/paths.js';
import { appLoginConfigBody, applyTokenBody, captchaBody, ipCheckBody, loginCheckBody, logoutBody, ssoRedeemBody } from '../../contract/schemas/auth.js';
import { text } from '../../contract/schemas/common.js';
import { publicRoute, userRoute, SESSION_COOKIE, tokenOf } from '../http/route.js';
import type { LoginOutcome } from '../services/signInFlow.js';

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

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const sessionMaxAge = app.config.session.absoluteHours * 3600;

  for (const url of [paths.auth.sm2Key, paths.auth.pacasSm2Key]) {
    publicRoute(app, 'GET', url, null, async ({ services }) => {
      const { pubX, pubY } = await services.sm2.publicKey();
      return { pubX, pubY };
    });
  }

  publicRoute(app, 'POST', paths.auth.appLoginConfig, appLoginConfigBody, ({ body, services }) => services.loginConfig.typesFor(body.appId));

  publicRoute(app, 'POST', paths.auth.ipCheck, ipCheckBody, async ({ services, caller }) => {
    await services.login.ipCheck(caller.ip);
    return null;
  });

  publicRoute(app, 'POST', paths.auth.loginCheck, loginCheckBody, async ({ body, services, caller, request, reply }) => {
    const outcome = await services.login.passwordLogin(body, caller);
    await setSessionCookie(request, reply, outcome, sessionMaxAge);
    return outcome.response;
  });

  publicRoute(app, 'POST', paths.auth.captcha, captchaBody, ({ services }) => services.captcha.createPicture());

  publicRoute(app, 'POST', paths.auth.logout, logoutBody, async ({ services, request, reply }) => {
    await services.sessions.end(tokenOf(request));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  });

  userRoute(app, 'POST', paths.auth.applyToken, applyTokenBody, ({ body, services, user, caller }) => services.sso.applyToken(user, body.clientId, caller));
  publicRoute(app, 'POST', paths.auth.ssoRedeem, ssoRedeemBody, ({ body, services }) => services.sso.redeem(body.clientId, body.code));

  // A browser navigation, not an XHR: it answers with redirects, never with JSON.
  publicRoute(app, 'GET', paths.auth.ssoGo, null, async ({ request, reply, services, caller }) => {
    const { clientId } = z.object({ clientId: text(64).min(1) }).parse(request.params);
    const user = await services.sessions.authenticate(tokenOf(request)).catch(() => null);
    const decision = await services.sso.launch(clientId, user, caller);
    switch (decision.kind) {
      case 'redirect':
        return reply.redirect(decision.url, 302);
      case 'signIn':
        return reply.redirect(`/login?appId=${encodeURIComponent(decision.appId)}`, 302);
      case 'noPermission':
        return reply.redirect('/permissionsNone', 302);
      default:
        return reply.redirect('/404', 302);
    }
  });
}

