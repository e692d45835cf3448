import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.js';
import {
  captchaGenBody, forgetSaveBody, forgetSendOtpBody, forgetVerifyAccountBody, forgetVerifyOtpBody, optionalRequestIdBody,
  pwdSaveByOldBody, pwdSaveByOtpBody, pwdSendOtpBody, registerBody, requestIdBody,
} from '../../contract/schemas/password.js';
import { publicRoute, userRoute } from '../http/route.js';

/** Registration, forgotten password, and both password-change families. */
export default async function passwordRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(app, 'POST', paths.personal.register, registerBody, async ({ body, services, caller, reply }) => {
    const created = await services.registration.register(body, caller);
    // The registration page reads message SUCCESS (sign-in spec §4).
    return reply.send({ code: 'D00000', message: 'SUCCESS', data: created });
  });

  publicRoute(app, 'POST', paths.message.captchaGen, captchaGenBody, ({ services }) => services.forgotPassword.start());
  publicRoute(app, 'POST', paths.user.forgetVerifyAccount, forgetVerifyAccountBody, ({ body, services }) => services.forgotPassword.verifyAccount(body));
  publicRoute(app, 'POST', paths.user.forgetSendOtp, forgetSendOtpBody, ({ body, services, caller }) => services.forgotPassword.sendOtp(body.requestId, caller));
  publicRoute(app, 'POST', paths.user.forgetVerifyOtp, forgetVerifyOtpBody, ({ body, services }) => services.forgotPassword.verifyOtp(body));
  publicRoute(app, 'POST', paths.user.forgetSave, forgetSaveBody, ({ body, services, caller }) => services.forgotPassword.save(body, caller));

  userRoute(app, 'POST', paths.personal.pwdPersonGetPhone, optionalRequestIdBody, ({ services, user }) => services.passwordChange.person.getPhone(user));
  userRoute(app, 'POST', paths.personal.pwdPersonSendOtp, pwdSendOtpBody, ({ body, services, user, caller }) => services.passwordChange.person.sendOtp(user, body, caller));
  userRoute(app, 'POST', paths.personal.pwdPersonSaveByOtp, pwdSaveByOtpBody, ({ body, services, user, caller }) => services.passwordChange.person.saveByOtp(user, body, caller));
  userRoute(app, 'POST', paths.personal.pwdPersonSaveByOld, pwdSaveByOldBody, ({ body, services, user, caller }) => services.passwordChange.person.saveByOld(user, body, caller));

  publicRoute(app, 'POST', paths.user.pwdAuthGetPhone, requestIdBody, ({ body, services }) => services.passwordChange.auth.getPhone(body.requestId));
  publicRoute(app, 'POST', paths.user.pwdAuthSendOtp, pwdSendOtpBody, ({ body, services, caller }) => services.passwordChange.auth.sendOtp(body, caller));
  publicRoute(app, 'POST', paths.user.pwdAuthSaveByOtp, pwdSaveByOtpBody, ({ body, services, caller }) => services.passwordChange.auth.saveByOtp(body, caller));
  publicRoute(app, 'POST', paths.user.pwdAuthSaveByOld, pwdSaveByOldBody, ({ body, services, caller }) => services.passwordChange.auth.saveByOld(body, caller));
}
