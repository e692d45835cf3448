import { MOBILE_AS_ACCOUNT_PATTERN } from '../../contract/rules.js';
import type { LoginCheckBody, LoginResponse, SelfServiceStep } from '../../contract/schemas/auth.js';
import { AppError, invalid } from '../http/errors.js';
import { DAY } from '../lib/clock.js';
import type { AppRow } from '../repositories/apps.js';
import type { UserRow } from '../repositories/users.js';
import type { Caller, ServiceContext } from './context.js';
import type { Sm2Service } from './sm2.js';
import type { PasswordService } from './passwords.js';
import type { CaptchaService } from './captcha.js';
import type { SessionService } from './sessions.js';
import type { ThrottleService } from './throttle.js';
import type { TicketService } from './tickets.js';
import type { AuditService } from './audit.js';
import type { LoginConfigService } from './loginConfig.js';

export interface LoginDeps {
  sm2: Sm2Service;
  passwords: PasswordService;
  captcha: CaptchaService;
  sessions: SessionService;
  throttle: ThrottleService;
  tickets: TicketService;
  audit: AuditService;
  loginConfig: LoginConfigService;
}

/** A finished sign-in: the answer for the browser and, when a session was opened, its token. */
export interface LoginOutcome {
  response: LoginResponse;
  session: { token: string; instanceId: string } | null;
}

/** Ticket purposes a sign-in can open. */
export const LOGIN_TICKET = 'login';
export const PASSWORD_CHANGE_TICKET = 'pwd-change';

export interface LoginTicketData {
  appId: string | null;
  loginType: string;
  steps: SelfServiceStep[];
  secondAuth: boolean;
  passwordExpireDays: number;
}

/** Password sign-in and the rules every sign-in method shares once the user is known. */
export function loginService(ctx: ServiceContext, deps: LoginDeps) {
  const now = () => ctx.clock.now();

  /** Account states that refuse sign-in, checked only after the credentials are proven. */
  function assertUsable(user: UserRow): void {
    if (user.enabled !== 1) throw new AppError('E30051');
    if (user.activated !== 1) throw new AppError('E30057');
    if (user.user_expire_date !== null && user.user_expire_date <= now()) throw new AppError('E30054');
  }

  async function assertAppAccess(user: UserRow, app: AppRow | undefined, loginType: 'ACCOUNT' | 'MSG_CODE' | 'LDAP' | 'PA_ACCOUNT'): Promise<void> {
    if (!app) return;
    if (!deps.loginConfig.allows(app, loginType)) throw new AppError('E30055');
    if (!(await ctx.repos.apps.hasPermission(user.id, app.id))) throw new AppError('E30065');
  }

  function daysUntilPasswordExpiry(user: UserRow): number | null {
    if (user.password_expire_at === null) return null;
    return Math.ceil((user.password_expire_at - now()) / DAY);
  }

  async function resolveApp(appId: string | undefined): Promise<AppRow | undefined> {
    if (!appId) return undefined;
    const app = await ctx.repos.apps.findByAppId(appId);
    if (!app || app.enabled !== 1) throw invalid('appId', '应用不存在', 'unknown application');
    return app;
  }

  /**
   * Everything after the credentials are proven: forced/expired password tickets, self-service
   * steps, the second factor, and finally the session.
   */
  async function completeSignIn(user: UserRow, app: AppRow | undefined, loginType: string, caller: Caller): Promise<LoginOutcome> {
    const daysLeft = daysUntilPasswordExpiry(user);
    if (user.must_change_password === 1 || (daysLeft !== null && daysLeft <= 0)) {
      const srmi = await deps.tickets.issue(PASSWORD_CHANGE_TICKET, user.id, 'start', { appId: app?.app_id ?? null, reason: user.must_change_password === 1 ? 'forced' : 'expired' });
      throw new AppError(user.must_change_password === 1 ? 'E30067' : 'E30058', {}, { srmi });
    }
    const passwordExpireDays = daysLeft !== null && daysLeft <= ctx.config.passwordRemindDays ? daysLeft : 0;
    const steps: SelfServiceStep[] = [];
    if (user.user_type === 'TEMP' && !user.mobile_no) {
      steps.push({ code: 'BIND-PHONE', title: 'bindPhone', message: 'bindPhone' });
    }
    if (steps.length) steps.push({ code: 'FINISH', title: 'finish', message: 'finish' });
    const secondAuth = user.second_auth_required === 1 || app?.second_auth_required === 1;
    const redirectUrl = app ? `/idaas/auth/v1/sso/go/${encodeURIComponent(app.client_id)}` : null;
    const base: LoginResponse = {
      passwordExpireDays,
      secondAuth,
      steps,
      srmi: null,
      appId: app?.app_id ?? null,
      instanceId: null,
      userId: user.user_id,
      redirectUrl,
    };
    if (steps.length || secondAuth) {
      // The session only exists once every step and the second factor are passed.
      const data: LoginTicketData = { appId: app?.app_id ?? null, loginType, steps, secondAuth, passwordExpireDays };
      const srmi = await deps.tickets.issue(LOGIN_TICKET, user.id, steps.length ? steps[0].code : 'SECOND-AUTH', data);
      return { response: { ...base, srmi }, session: null };
    }
    const session = await deps.sessions.create(user.id, caller);
    return { response: { ...base, instanceId: session.instanceId }, session };
  }

  return {
    completeSignIn,

    /** E30127 when this IP has failed often enough that the page should show a captcha up front. */
    async ipCheck(ip: string): Promise<void> {
      await deps.throttle.assertIpAllowed(ip);
      if (await deps.throttle.ipNeedsCaptcha(ip)) throw new AppError('E30127');
    },

    async passwordLogin(body: LoginCheckBody, caller: Caller): Promise<LoginOutcome> {
      await deps.throttle.assertIpAllowed(caller.ip);
      const account = (await deps.sm2.decrypt('userId', body.userId)).trim();
      const password = await deps.sm2.decrypt('password', body.password);
      if (!account || account.length > 64) throw invalid('userId', '请输入账号', 'account is required');
      if (MOBILE_AS_ACCOUNT_PATTERN.test(account)) throw invalid('userId', '不支持手机号登录', 'a mobile number cannot be used as the account');
      const appId = body.appId ?? body.query?.appId;
      const app = await resolveApp(appId);

      const user = await ctx.repos.users.findByAccount(account);
      const record = (result: Parameters<typeof deps.audit.signIn>[0]['result']) =>
        deps.audit.signIn({ userRef: user?.id ?? null, account, optType: 'ACCOUNT', app, result, caller });

      try {
        const { captchaRequired } = await deps.throttle.accountState(account);
        if (captchaRequired) {
          const capKey = body.capKey ?? body.requestId;
          if (!body.validCode || !capKey) throw new AppError('E30127');
          if (!(await deps.captcha.verifyPicture(capKey, body.validCode))) throw new AppError('E10802');
        }
        const passwordOk = await deps.passwords.verify(user?.password_hash ?? null, password);
        if (!user || !passwordOk) {
          const { locked } = await deps.throttle.recordFailure(account, caller.ip);
          if (locked) throw new AppError('E30053', { minutes: ctx.config.lockout.lockMinutes });
          throw new AppError('E30002');
        }
        await deps.throttle.recordSuccess(account);
        if (user.password_hash && deps.passwords.needsRehash(user.password_hash)) {
          await ctx.repos.users.setPasswordHash(user.id, await deps.passwords.hash(password), now());
        }
        assertUsable(user);
        await assertAppAccess(user, app, 'ACCOUNT');
        const outcome = await completeSignIn(user, app, 'ACCOUNT', caller);
        await record('D00000');
        return outcome;
      } catch (error) {
        if (error instanceof AppError) await record(error.code);
        throw error;
      }
    },
  };
}

export type LoginService = ReturnType<typeof loginService>;
