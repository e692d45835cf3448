import type { FastifyInstance } from 'fastify';
import { passwordEndpoints as e } from '../../contract/endpoints/passwords.js';
import { serve } from '../platform/http/serve.js';
import { CODE } from '../../contract/codes.js';

/** Registration, forgotten password, and both password-change families. */
export default async function passwordRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.register, async ({ input, services, caller, reply }) => {
    const created = await services.registration.register(input, caller);
    // The registration page reads message SUCCESS (sign-in spec §4).
    return reply.send({ code: CODE.ok, message: 'SUCCESS', data: e.register.output.parse(created) });
  });

  serve(app, e.registerSendCode, ({ input, services, caller }) => services.registration.sendCode(input, caller));
  serve(app, e.captchaGen, ({ services }) => services.forgotPassword.start());
  serve(app, e.forgetVerifyAccount, ({ input, services }) => services.forgotPassword.verifyAccount(input));
  serve(app, e.forgetSendOtp, ({ input, services, caller }) => services.forgotPassword.sendOtp(input.requestId, caller));
  serve(app, e.forgetVerifyOtp, ({ input, services }) => services.forgotPassword.verifyOtp(input));
  serve(app, e.forgetSave, ({ input, services, caller }) => services.forgotPassword.save(input, caller));
  serve(app, e.activationDetail, ({ input, services }) => services.activation.detail(input));
  serve(app, e.activationComplete, ({ input, services, caller }) => services.activation.complete(input, caller));

  serve(app, e.pwdPersonGetPhone, ({ services, user }) => services.passwordChange.person.getPhone(user));
  serve(app, e.pwdPersonSendOtp, ({ input, services, user, caller }) => services.passwordChange.person.sendOtp(user, input, caller));
  serve(app, e.pwdPersonSaveByOtp, ({ input, services, user, caller }) => services.passwordChange.person.saveByOtp(user, input, caller));
  serve(app, e.pwdPersonSaveByOld, ({ input, services, user, caller }) => services.passwordChange.person.saveByOld(user, input, caller));

  serve(app, e.pwdAuthGetPhone, ({ input, services }) => services.passwordChange.auth.getPhone(input.requestId));
  serve(app, e.pwdAuthSendOtp, ({ input, services, caller }) => services.passwordChange.auth.sendOtp(input, caller));
  serve(app, e.pwdAuthSaveByOtp, ({ input, services, caller }) => services.passwordChange.auth.saveByOtp(input, caller));
  serve(app, e.pwdAuthSaveByOld, ({ input, services, caller }) => services.passwordChange.auth.saveByOld(input, caller));
}
