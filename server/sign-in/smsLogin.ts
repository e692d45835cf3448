import { AppError } from '../platform/lib/errors.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import type { LoginOutcome } from './flow.js';
import type { SendOtpResult } from '../../contract/schemas/signIn.js';
import { CODE } from '../../contract/codes.js';
import { judgementOf } from '../risk/judged.js';
import type { SignInAttempt } from '../audit/service.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { signInEndpoints } from '../../contract/endpoints/signIn.js';

/**
 * Sign-in with a code texted to the phone. A number that matches no usable account gets the same
 * answers, timers and limits as a real one, but no text: nothing tells which numbers exist.
 */
export function smsLoginService(ctx: ServiceContext, deps: Pick<CoreServices, 'otp' | 'captcha' | 'throttle' | 'audit' | 'flow'>) {
  return {
    async sendCode(body: InputOf<typeof signInEndpoints.sendMsgLogin>, caller: Caller): Promise<SendOtpResult> {
      // An address with many failed sign-ins answers a captcha before texting (checked with the send).
      if (!body.capKey || !body.capText) await deps.throttle.ipCheck(caller.ip);
      const user = await ctx.repos.users.findByMobile(body.mobileNo);
      const usable = !!user && user.enabled && !user.phoneDisabled;
      const { msgCodeKey } = await deps.otp.send({ purpose: 'msg-login', mobileNo: body.mobileNo, userRef: usable ? user.id : null, deliver: usable, ip: caller.ip, proof: { capKey: body.capKey, capText: body.capText } });
      return { requestId: msgCodeKey, msgCodeKey };
    },

    async login(body: InputOf<typeof signInEndpoints.msgLoginCheck>, caller: Caller): Promise<LoginOutcome> {
      const app = await deps.flow.resolveApp(body.appId);
      const user = await ctx.repos.users.findByMobile(body.mobileNo);
      const entry = (result: SignInAttempt['result'], judgement?: SignInAttempt['judgement']): SignInAttempt =>
        ({ userRef: user?.id ?? null, account: user?.account ?? body.mobileNo, optType: 'MSG_CODE', app, result, caller, judgement });
      const record = (result: SignInAttempt['result'], judgement?: SignInAttempt['judgement']) => deps.audit.signIn(entry(result, judgement));
      try {
        const attempt = await deps.throttle.reserve(null, caller.ip);
        try {
          await deps.otp.verify({ msgCodeKey: body.smsCodeKey, code: body.validateCode, purpose: 'msg-login', mobileNo: body.mobileNo });
          await attempt.succeeded();
        } catch (error) {
          await attempt.failed();
          // A voided code says so; every other failure reads the same for known and unknown numbers.
          if (error instanceof AppError && error.code === CODE.codeVoid) throw error;
          throw new AppError(CODE.phoneOrCodeWrong);
        }
        if (!user || user.phoneDisabled) throw new AppError(CODE.phoneOrCodeWrong);
        deps.flow.assertUsable(user);
        await deps.flow.assertAppAccess(user, app, 'MSG_CODE');
        // The success row is the flow's to write: with the session, in one transaction, when one opens.
        return await deps.flow.complete(user, app, 'MSG_CODE', caller, { success: (judgement) => entry(CODE.ok, judgement) });
      } catch (error) {
        if (error instanceof AppError) await record(error.code, judgementOf(error));
        throw error;
      }
    },
  };
}

export type SmsLoginService = ReturnType<typeof smsLoginService>;
