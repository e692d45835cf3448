import type { FastifyInstance } from 'fastify';
import { signInEndpoints as e } from '../../contract/endpoints/signIn.js';
import { langOf } from '../platform/http/envelope.js';
import { serve } from '../platform/http/serve.js';
import { setSessionCookie, signInAnswer } from './routes.js';

/** SMS sign-in, the second factor, the slider captcha, the self-service steps and the directory sign-in. */
export default async function signInStepRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.slider, ({ services }) => services.captcha.createSlider());

  serve(app, e.sendMsgLogin, ({ input, services, caller }) => services.smsLogin.sendCode(input, caller));
  serve(app, e.msgLoginCheck, async (ctx) => signInAnswer(ctx, await ctx.services.smsLogin.login(ctx.input, ctx.caller)));

  serve(app, e.secondAuthAppInfo, ({ input, services }) => services.secondAuth.appInfo(input.srmi));
  serve(app, e.secondAuthSend, ({ input, services, caller }) => services.secondAuth.send(input, caller));
  serve(app, e.secondAuth, async (ctx) => signInAnswer(ctx, await ctx.services.secondAuth.verify(ctx.input, ctx.caller)));

  serve(app, e.sendSmsByScene, ({ input, services, caller }) => services.selfService.sendSms(input, caller));
  serve(app, e.bindPhone, ({ input, services, caller }) => services.selfService.bindPhone(input, caller));
  serve(app, e.skipStep, ({ input, services }) => services.selfService.skip(input));
  serve(app, e.updatePwdBySms, ({ input, services, caller }) => services.selfService.updatePasswordBySms(input, caller));
  serve(app, e.updatePwdByOld, ({ input, services, caller }) => services.selfService.updatePasswordByOld(input, caller));
  serve(app, e.continueLogin, async (ctx) => signInAnswer(ctx, await ctx.services.selfService.continueLogin(ctx.input, ctx.caller)));

  serve(app, e.pacasAuthenticate, async ({ input, services, caller, request, reply }) => {
    const { result, outcome } = await services.directory.authenticate(input, caller);
    if (outcome) await setSessionCookie(request, reply, outcome, (await services.settings.current()).sessions.absoluteHours * 3600);
    return result;
  });
  serve(app, e.pacasSendMsg, ({ input, services, caller }) => services.directory.sendBindCode(input, caller));
  serve(app, e.pacasBind, async (ctx) => signInAnswer(ctx, await ctx.services.directory.bind(ctx.input, ctx.caller)));

  serve(app, e.pwdStrategy, async ({ input, services, request }) => services.policy.describe(langOf(request), input?.forNewAccount === true));
}
