import type { LoginResponse } from '../../contract/schemas/auth.js';
import type { CasResult } from '../../contract/schemas/signIn.js';
import { CODE, codeMessage } from '../../contract/codes.js';
import { LIMITS } from '../../contract/rules.js';
import { AppError } from '../platform/lib/errors.js';
import { authenticateInDirectory, type DirectoryEntry } from '../protocols/directory/ldap.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import type { LoginOutcome } from './flow.js';
import { judgementOf } from '../risk/judged.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { signInEndpoints } from '../../contract/endpoints/signIn.js';

type DirectoryType = 'LDAP' | 'PA_ACCOUNT';
const BIND_TICKET = 'bind-master';

interface BindData {
  dn: string;
  loginType: DirectoryType;
  appId: string | null;
}

/**
 * Directory sign-in (LDAP tab and company-token tab). A directory account linked to a portal
 * account signs in; an unlinked one is asked to prove a portal account by its phone, and is
 * linked to it. Failures use the tab's code: E30076 (LDAP) or E60002 with casCode/casMessage.
 */
export function directoryLoginService(ctx: ServiceContext, deps: Pick<CoreServices, 'sm2' | 'otp' | 'captcha' | 'throttle' | 'tickets' | 'audit' | 'flow'>) {
  function refusal(type: DirectoryType, casCode: string): AppError {
    if (type === 'LDAP') return new AppError(casCode === 'NEED_RAND_CODE' ? CODE.captchaRequired : CODE.directoryPasswordWrong);
    return new AppError(CODE.casRefused, {}, { casCode, casMessage: codeMessage(casCode === 'NEED_RAND_CODE' ? CODE.captchaRequired : CODE.casRefused, 'zh') });
  }

  async function lookup(account: string, password: string): Promise<DirectoryEntry | null> {
    if (!ctx.config.ldap) throw new AppError(CODE.loginTypeNotAllowed);
    try {
      return await authenticateInDirectory(ctx.config.ldap, account, password);
    } catch (error) {
      // The directory is down or misconfigured: the person sees a sign-in failure, the log says why.
      console.error('directory unavailable:', error instanceof Error ? error.message : error);
      return null;
    }
  }

  return {
    async authenticate(body: InputOf<typeof signInEndpoints.pacasAuthenticate>, caller: Caller): Promise<{ result: CasResult<LoginResponse>; outcome: LoginOutcome | null }> {
      const account = (await deps.sm2.decrypt('userId', body.userId)).trim();
      const password = await deps.sm2.decrypt('password', body.password);
      const app = await deps.flow.resolveApp(body.appId);
      const subject = `dir:${account}`;
      const attempt = await deps.throttle.reserve(subject, caller.ip);
      if (attempt.captchaRequired) {
        const answered = !!body.validCode && !!body.capKey;
        if (!answered || !(await deps.captcha.verify(body.capKey, body.validCode))) {
          await attempt.cancel();
          throw answered ? new AppError(CODE.codeWrong) : refusal(body.loginType, 'NEED_RAND_CODE');
        }
      }
      const entry = await lookup(account, password);
      if (!entry) {
        const { locked, minutes } = await attempt.failed();
        await deps.audit.signIn({ userRef: null, account, optType: body.loginType, app, result: body.loginType === 'LDAP' ? CODE.directoryPasswordWrong : CODE.casRefused, caller });
        if (locked) throw new AppError(CODE.accountLocked, { minutes });
        throw refusal(body.loginType, 'AUTH_FAILED');
      }
      await attempt.succeeded();
      const user = await ctx.repos.users.findByLdapDn(entry.dn);
      if (!user) {
        const srmi = await deps.tickets.issue<BindData>(BIND_TICKET, null, 'directory', { dn: entry.dn, loginType: body.loginType, appId: app?.appId ?? null });
        return { result: { casCode: 'NEED_BINDING', casData: { needBindingIdaasAccount: true, srmi, requestId: srmi, data: null } }, outcome: null };
      }
      deps.flow.assertUsable(user);
      await deps.flow.assertAppAccess(user, app, body.loginType);
      let outcome: LoginOutcome;
      try {
        // The success row is the flow's to write: with the session, in one transaction, when one opens.
        outcome = await deps.flow.complete(user, app, body.loginType, caller, {
          failures: attempt.failures,
          success: (judgement) => ({ userRef: user.id, account: user.account, optType: body.loginType, app, result: CODE.ok, caller, judgement }),
        });
      } catch (error) {
        // A refusal after the judgement is recorded with it; one before (the account's state) as it always was, not at all.
        const judgement = judgementOf(error);
        if (judgement && error instanceof AppError) await deps.audit.signIn({ userRef: user.id, account: user.account, optType: body.loginType, app, result: error.code, caller, judgement });
        throw error;
      }
      return { result: { casCode: 'SUCCESS', casData: { needBindingIdaasAccount: false, srmi: outcome.response.srmi, requestId: null, data: outcome.response } }, outcome };
    },

    /** Code to the main account's phone. Unknown numbers are answered alike and never texted. */
    async sendBindCode(body: InputOf<typeof signInEndpoints.pacasSendMsg>, caller: Caller): Promise<{ msgCodeKey: string; smsCodeKey: string }> {
      await deps.tickets.load<BindData>(body.srmi, [BIND_TICKET], ['directory']);
      if (!(await deps.captcha.verify(body.capKey, body.capText))) throw new AppError(CODE.codeWrong);
      const user = await ctx.repos.users.findByMobile(body.mobileNo);
      const usable = !!user && user.enabled && !user.phoneDisabled;
      try {
        const { msgCodeKey } = await deps.otp.send({ purpose: 'bind-master', mobileNo: body.mobileNo, userRef: usable ? user.id : null, deliver: usable, ip: caller.ip, proof: 'proven' });
        return { msgCodeKey, smsCodeKey: msgCodeKey };
      } catch (error) {
        if (error instanceof AppError && error.code === CODE.sentTooOften) throw new AppError(CODE.casResendTooEarly);
        throw error;
      }
    },

    async bind(body: InputOf<typeof signInEndpoints.pacasBind>, caller: Caller): Promise<LoginOutcome> {
      const ticket = await deps.tickets.load<BindData>(body.srmi, [BIND_TICKET], ['directory']);
      const otp = await deps.otp.verify({ msgCodeKey: body.smsCodeKey, code: body.validateCode, purpose: 'bind-master', mobileNo: body.mobileNo });
      const user = otp.userRef === null ? undefined : await ctx.repos.users.findById(otp.userRef);
      if (!user) throw new AppError(CODE.codeWrong);
      await deps.tickets.advance(ticket, 'bound', ticket.payload);
      if (!(await ctx.repos.users.linkLdap(user.id, ticket.payload.dn, ctx.clock.now()))) {
        throw new AppError(CODE.directoryAlreadyLinked);
      }
      await deps.tickets.close(ticket.id);
      await deps.audit.operation(user.id, 'BIND_DIRECTORY', caller, ticket.payload.dn.slice(0, LIMITS.loggedDnMax));
      deps.flow.assertUsable(user);
      const app = await deps.flow.resolveApp(ticket.payload.appId);
      await deps.flow.assertAppAccess(user, app, ticket.payload.loginType);
      return deps.flow.complete(user, app, ticket.payload.loginType, caller);
    },
  };
}

export type DirectoryLoginService = ReturnType<typeof directoryLoginService>;
