import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.js';
import {
  bindPhoneBody, secondAuthBody, secondAuthSendBody, selfPwdByOldBody, selfPwdBySmsBody, sendLoginSmsBody,
  skipStepBody, smsLoginBody, srmiBody, sceneSmsBody, directoryLoginBody, bindSendBody, bindMasterBody,
} from '../../contract/schemas/signIn.js';
import { emptyBody } from '../../contract/schemas/common.js';
import { publicRoute } from '../http/route.js';
import { langOf } from '../http/envelope.js';
import { setSessionCookie } from './auth.js';

/** SMS sign-in, the second factor, the slider captcha and the self-service steps. */
export default async function signInStepRoutes(app: FastifyInstance): Promise<void> {
  const maxAge = app.config.session.absoluteHours * 3600;

  publicRoute(app, 'POST', paths.auth.slider, emptyBody, ({ services }) => services.captcha.createSlider());

  publicRoute(app, 'POST', paths.auth.sendMsgLogin, sendLoginSmsBody, ({ body, services, caller }) => services.smsLogin.sendCode(body, caller));
  publicRoute(app, 'POST', paths.auth.msgLoginCheck, smsLoginBody, async ({ body, services, caller, request, reply }) => {
    const outcome = await services.smsLogin.login(body, caller);
    await setSessionCookie(request, reply, outcome, maxAge);
    return outcome.response;
  });

  publicRoute(app, 'POST', paths.auth.secondAuthAppInfo, srmiBody, ({ body, services }) => services.secondAuth.appInfo(body.srmi));
  publicRoute(app, 'POST', paths.auth.secondAuthSend, secondAuthSendBody, ({ body, services, caller }) => services.secondAuth.send(body, caller));
  publicRoute(app, 'POST', paths.auth.secondAuth, secondAuthBody, async ({ body, services, caller, request, reply }) => {
    const outcome = await services.secondAuth.verify(body, caller);
    await setSessionCookie(request, reply, outcome, maxAge);
    return outcome.response;
  });

  publicRoute(app, 'POST', paths.user.sendSmsByScene, sceneSmsBody, ({ body, services, caller }) => services.selfService.sendSms(body, caller));
  publicRoute(app, 'POST', paths.user.bindPhone, bindPhoneBody, ({ body, services, caller }) => services.selfService.bindPhone(body, caller));
  publicRoute(app, 'POST', paths.user.skipStep, skipStepBody, ({ body, services }) => services.selfService.skip(body));
  publicRoute(app, 'POST', paths.user.updatePwdBySms, selfPwdBySmsBody, ({ body, services, caller }) => services.selfService.updatePasswordBySms(body, caller));
  publicRoute(app, 'POST', paths.user.updatePwdByOld, selfPwdByOldBody, ({ body, services, caller }) => services.selfService.updatePasswordByOld(body, caller));
  publicRoute(app, 'POST', paths.auth.continueLogin, srmiBody, async ({ body, services, caller, request, reply }) => {
    const outcome = await services.selfService.continueLogin(body, caller);
    await setSessionCookie(request, reply, outcome, maxAge);
    return outcome.response;
  });

  publicRoute(app, 'POST', paths.auth.pacasAuthenticate, directoryLoginBody, async ({ body, services, caller, request, reply }) => {
    const { result, outcome } = await services.directory.authenticate(body, caller);
    if (outcome) await setSessionCookie(request, reply, outcome, maxAge);
    return result;
  });
  publicRoute(app, 'POST', paths.auth.pacasSendMsg, bindSendBody, ({ body, services, caller }) => services.directory.sendBindCode(body, caller));
  publicRoute(app, 'POST', paths.auth.pacasBind, bindMasterBody, async ({ body, services, caller, request, reply }) => {
    const outcome = await services.directory.bind(body, caller);
    await setSessionCookie(request, reply, outcome, maxAge);
    return outcome.response;
  });

  publicRoute(app, 'POST', paths.personal.pwdStrategy, emptyBody, async ({ services, request }) => services.policy.describe(langOf(request)));
}
