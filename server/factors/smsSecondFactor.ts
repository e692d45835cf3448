import { LIMITS, maskMobile } from '../../contract/rules.js';
import type { ResendWait, SecondAuthAppInfo, SecondAuthSendResult } from '../../contract/schemas/signIn.js';
import { AppError, notSignedIn } from '../platform/lib/errors.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { LOGIN_TICKET, SECOND_AUTH_STEP, type LoginOutcome, type LoginTicketData } from '../sign-in/flow.js';
import { LOGIN_PAGE_KEY } from '../policies/loginPageStore.js';
import type { LoginPageConfig } from '../../contract/schemas/auth.js';
import { CODE } from '../../contract/codes.js';
import type { FactorPolicyService } from './policy.js';
import { passSecondFactor } from './secondFactorPass.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { signInEndpoints } from '../../contract/endpoints/signIn.js';

/** The SMS second factor: reachable only with a login ticket at its step; the session opens after it. */
export function secondAuthService(ctx: ServiceContext, deps: Pick<CoreServices, 'otp' | 'captcha' | 'tickets' | 'audit' | 'flow'> & { factorPolicy: FactorPolicyService }) {
  const ticketOf = (srmi: string) => deps.tickets.load<LoginTicketData>(srmi, [LOGIN_TICKET], [SECOND_AUTH_STEP]);

  async function userOf(userRef: number | null) {
    const user = userRef === null ? undefined : await ctx.repos.users.findById(userRef);
    if (!user) throw notSignedIn();
    return user;
  }

  /** Where only a passkey passes (policy), a texted code is neither sent nor accepted. */
  async function assertSmsAllowed(user: Parameters<FactorPolicyService['requirement']>[0]): Promise<void> {
    if ((await deps.factorPolicy.requirement(user)).passkeyOnly) throw new AppError(CODE.passkeyRequired);
  }

  return {
    async appInfo(srmi: string): Promise<SecondAuthAppInfo> {
      const ticket = await ticketOf(srmi);
      const app = ticket.payload.appId ? await ctx.repos.apps.findByAppId(ticket.payload.appId) : undefined;
      const page = await ctx.repos.config.get<LoginPageConfig>(LOGIN_PAGE_KEY);
      return {
        code: app?.appId ?? 'portal',
        appName: app?.appName ?? page?.companyName ?? '',
        icon: app?.icon ?? (page?.logoUrl || null),
        verificationLength: LIMITS.otpLength,
        expiryLength: ctx.config.otp.ttlSeconds,
      };
    },

    /** Texts a code to the bound phone. The first send is automatic; resends need a captcha. */
    async send(body: InputOf<typeof signInEndpoints.secondAuthSend>, caller: Caller): Promise<SecondAuthSendResult> {
      const ticket = await ticketOf(body.srmi);
      const user = await userOf(ticket.userRef);
      await assertSmsAllowed(user);
      if (!user.mobileNo || user.phoneDisabled) throw new AppError(CODE.secondFactorNoPhone);
      if (ticket.payload.secondAuthSent) {
        if (!body.capKey || !body.capText) throw new AppError(CODE.captchaRequired);
        if (!(await deps.captcha.verify(body.capKey, body.capText))) throw new AppError(CODE.codeWrong);
      }
      const masked = maskMobile(user.mobileNo);
      let answer: SecondAuthSendResult;
      try {
        const { msgCodeKey } = await deps.otp.send({ purpose: 'second-auth', mobileNo: user.mobileNo, userRef: user.id, deliver: true, ip: caller.ip, proof: 'proven' });
        answer = { mobile: masked, encryptMobile: masked, smsCodeKey: msgCodeKey, alreadySent: false, resendIn: ctx.config.otp.resendSeconds };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== CODE.sentTooOften) throw error;
        // A quick re-login: the code texted moments ago for this account and number is still the
        // one to type (same code, tries counted as before); otherwise say when to ask again.
        const { otp, resendIn } = await deps.otp.live({ purpose: 'second-auth', mobileNo: user.mobileNo, userRef: user.id });
        if (!otp || ticket.payload.secondAuthSent) throw new AppError(CODE.sentTooOften, {}, { resendIn } satisfies ResendWait);
        answer = { mobile: masked, encryptMobile: masked, smsCodeKey: otp.id, alreadySent: true, resendIn };
      }
      if (!ticket.payload.secondAuthSent) await deps.tickets.advance(ticket, SECOND_AUTH_STEP, { ...ticket.payload, secondAuthSent: true });
      return answer;
    },

    async verify(body: InputOf<typeof signInEndpoints.secondAuth>, caller: Caller): Promise<LoginOutcome> {
      const ticket = await ticketOf(body.srmi);
      const user = await userOf(ticket.userRef);
      const app = ticket.payload.appId ? await ctx.repos.apps.findByAppId(ticket.payload.appId) : undefined;
      return passSecondFactor(deps, ticket, user, app, caller, async () => {
        await assertSmsAllowed(user);
        const otp = await deps.otp.verify({ msgCodeKey: body.smsCodeKey, code: body.validateCode, purpose: 'second-auth', mobileNo: user.mobileNo });
        if (otp.userRef !== user.id) throw new AppError(CODE.codeExpired);
      });
    },
  };
}

export type SecondAuthService = ReturnType<typeof secondAuthService>;
