import type { LoginType, UPSTREAM_LOGIN_TYPE } from '../../contract/rules.js';
import type { LoginResponse, SelfServiceStep } from '../../contract/schemas/auth.js';
import { AppError } from '../platform/lib/errors.js';
import { DAY } from '../platform/lib/clock.js';
import type { App } from '../apps/repository.js';
import type { User } from '../organisation/usersRepository.js';
import { TRUST_COOKIE_PREFIX, type Caller, type ServiceContext } from '../composition/context.js';
import { randomId, sha256 } from '../platform/lib/crypto.js';
import { deviceNameOf } from '../account/deviceName.js';
import type { SessionService } from '../sessions/service.js';
import type { TicketService } from './tickets.js';
import type { AuditService, SignInAttempt } from '../audit/service.js';
import type { LoginConfigService } from '../policies/loginConfig.js';
import type { SecretsService } from '../platform/secrets.js';
import type { SettingsService } from '../policies/settings.js';
import { CODE } from '../../contract/codes.js';
import type { FactorKind } from '../../contract/schemas/factors.js';
import type { FactorPolicyService } from '../factors/policy.js';
import type { RiskJudgement } from '../../contract/schemas/risk.js';
import type { RiskService } from '../risk/service.js';
import type { RiskVerdict, SignInAlerts } from '../risk/types.js';
import type { RecentFailures, Settlement } from './throttle.js';
import { markJudged } from '../risk/judged.js';

/** A finished sign-in step: the answer for the browser and, when a session was opened, its token. */
export interface LoginOutcome {
  response: LoginResponse;
  session: { token: string; instanceId: string } | null;
  /** A device-trust cookie to set: the second factor was just passed on this browser. */
  trust?: { name: string; token: string; maxAgeSeconds: number };
  /** How the sign-in was judged (server/risk), for its sign-in log row; absent when it was not judged here. */
  judgement?: RiskJudgement;
}

/** A sign-in method's log row for a step passed, given how the sign-in was judged. */
export type SignInSuccess = (judgement: RiskJudgement | undefined) => SignInAttempt;

/** Ticket purposes a sign-in can open. */
export const LOGIN_TICKET = 'login';
export const PASSWORD_CHANGE_TICKET = 'pwd-change';
export const SECOND_AUTH_STEP = 'SECOND-AUTH';
/** How long a device that passed the second factor is trusted to skip it. */
export const DEVICE_TRUST_DAYS = 30;

export interface LoginTicketData {
  appId: string | null;
  loginType: string;
  steps: SelfServiceStep[];
  secondAuth: boolean;
  passwordExpireDays: number;
  deviceId: string | null;
  /** Set once a second-factor code was sent: later sends need a captcha. */
  secondAuthSent?: boolean;
  /** The factor added in the ENROL-FACTOR step: it counts as this sign-in's second factor. */
  enrolled?: FactorKind;
  /** The risk policy asked for the second factor: a trusted device does not skip it. */
  stepUp?: boolean;
  /** The sign-in's risk verdict: what the person's profile learns once the session opens. */
  risk?: RiskVerdict;
}

/**
 * The building blocks the flow is made of, named by their own types: CoreServices (composition/coreServices.ts)
 * lists the flow too, so taking a Pick of it would make the two types depend on each other.
 */
interface SignInFlowDeps {
  sessions: SessionService;
  tickets: TicketService;
  audit: AuditService;
  loginConfig: LoginConfigService;
  secrets: SecretsService;
  settings: SettingsService;
  factorPolicy: FactorPolicyService;
  risk: RiskService;
  /** Tells people of sign-ins from a new device or network (server/risk/alerts.ts); none: nobody is told. */
  alerts?: SignInAlerts;
}

/**
 * The rules every sign-in method shares once the user is known: account states, application
 * access, forced or expired passwords, self-service steps, the second factor, the session.
 */
export function signInFlow(ctx: ServiceContext, deps: SignInFlowDeps) {
  const now = () => ctx.clock.now();

  function daysUntilPasswordExpiry(user: User): number | null {
    if (user.passwordExpireAt === null) return null;
    return Math.ceil((user.passwordExpireAt - now()) / DAY);
  }

  /** Each user who trusts a browser gets a cookie of their own, named so that it tells nobody whose it is. */
  const trustCookieName = async (userRef: number) => `${TRUST_COOKIE_PREFIX}${(await deps.secrets.digest('device-trust', String(userRef))).slice(0, 16)}`;

  /** Trust rides only on the server-issued cookie, never on the device id the client reports. */
  async function deviceTrusted(userRef: number, caller: Caller): Promise<boolean> {
    const token = caller.trustTokens[await trustCookieName(userRef)];
    return !!token && (await ctx.repos.devices.trusted(userRef, sha256(token), now()));
  }

  function baseResponse(user: User, app: App | undefined | null): LoginResponse {
    return {
      passwordExpireDays: 0,
      secondAuth: false,
      steps: [],
      srmi: null,
      appId: app?.appId ?? null,
      instanceId: null,
      userId: user.account,
      redirectUrl: app ? `/idaas/auth/v1/sso/go/${encodeURIComponent(app.clientId)}` : null,
    };
  }

  /**
   * Opens the session: the last thing any sign-in does. `risk`: the sign-in's verdict, learnt from
   * once the session is open. `success`: the sign-in's log row, written with the session (given
   * the judgement), for a method that leaves its success row to the flow. `settlement`: the
   * credential check's budgets, settled in the session's transaction (told when committed).
   */
  async function openSession(
    user: User, app: App | undefined | null, caller: Caller, trustDevice: boolean, risk?: RiskVerdict, success?: SignInSuccess, settlement?: Settlement | null,
  ): Promise<LoginOutcome> {
    const deviceId = caller.deviceId ?? (trustDevice ? `browser-${randomId(9)}` : null);
    const token = deviceId && trustDevice ? randomId(32) : null;
    // Everything that may read the store is read before the writes' transaction: on SQLite that
    // transaction holds the one connection such a read would wait for.
    const trust = token ? { name: await trustCookieName(user.id), token, maxAgeSeconds: DEVICE_TRUST_DAYS * 86_400 } : undefined;
    const session = await deps.sessions.prepare(user.id, { ...caller, deviceId });
    const attempt = success?.(risk?.judgement);
    await ctx.repos.opening.write({
      session: session.row,
      device: deviceId
        ? { deviceId, deviceName: deviceNameOf(caller.userAgent, caller.deviceName), ip: caller.ip, now: now(), trust: token ? { hash: sha256(token), until: now() + DEVICE_TRUST_DAYS * DAY } : null }
        : null,
      ...(risk ? deps.risk.learnt(risk) : { network: null, hour: null }),
      history: attempt ? deps.audit.signInEntry(attempt) : null,
      settlement: settlement && { given: settlement.given, cleared: settlement.cleared, now: settlement.now },
    });
    settlement?.settled();
    if (attempt) deps.audit.signInWritten(attempt);
    if (risk) await deps.risk.signedIn(user, risk, caller, deps.alerts);
    return { response: { ...baseResponse(user, app), instanceId: session.instanceId }, session: { token: session.token, instanceId: session.instanceId }, trust };
  }

  /**
   * A required second factor the user cannot pass with anything held: the ENROL-FACTOR step.
   * Recovery codes are a fallback, not a factor to live on; a phone bound in an earlier step counts.
   */
  async function needsEnrolment(user: User, requirement: { passkeyOnly: boolean }, steps: SelfServiceStep[]): Promise<boolean> {
    const { kinds } = await deps.factorPolicy.held(user);
    if (!requirement.passkeyOnly && steps.some((s) => s.code === 'BIND-PHONE')) kinds.push('SMS');
    return !deps.factorPolicy.passing(kinds, { required: true, passkeyOnly: requirement.passkeyOnly }).some((k) => k !== 'RECOVERY_CODE');
  }

  async function afterJudgement(
    user: User, app: App | undefined, loginType: LoginType | typeof UPSTREAM_LOGIN_TYPE, caller: Caller,
    opts: { factorProven?: boolean; trusted: boolean; verdict: RiskVerdict; enrolOnStepUp: boolean; success?: SignInSuccess; settlement?: Settlement | null },
  ): Promise<LoginOutcome> {
    const { verdict } = opts;
    if (verdict.action === 'REFUSE') throw new AppError(CODE.ipRefused);
    const daysLeft = daysUntilPasswordExpiry(user);
    if (user.mustChangePassword || (daysLeft !== null && daysLeft <= 0)) {
      const forced = user.mustChangePassword;
      const srmi = await deps.tickets.issue(PASSWORD_CHANGE_TICKET, user.id, 'start', { appId: app?.appId ?? null, reason: forced ? 'forced' : 'expired' });
      throw new AppError(forced ? CODE.passwordResetByAdmin : CODE.passwordExpired, {}, { srmi });
    }
    const { reminderDays } = (await deps.settings.current()).pwd;
    const expiring = daysLeft !== null && daysLeft <= reminderDays;
    const steps: SelfServiceStep[] = [];
    if (user.userType === 'TEMP' && !user.mobileNo) steps.push({ code: 'BIND-PHONE', title: 'BIND-PHONE', message: 'BIND-PHONE' });
    // An expiring password is a skippable step when the user is in self-service anyway; alone it is a reminder dialog.
    if (steps.length && expiring) steps.push({ code: 'UPDATE-PASSWORD', title: 'UPDATE-PASSWORD', message: 'UPDATE-PASSWORD' });
    // A credential that was two factors already (a user-verified passkey, a provider's MFA) satisfies a step-up too.
    const stepUp = verdict.action === 'STEP_UP' && !opts.factorProven;
    const base = opts.factorProven ? { required: false, passkeyOnly: false } : await deps.factorPolicy.requirement(user, app);
    const requirement = stepUp ? { ...base, required: true } : base;
    if (requirement.required && (await needsEnrolment(user, requirement, steps))) {
      // Enrolling in the sign-in is what a required factor always allowed; for a step-up alone only when the policy says so.
      if (!base.required && !opts.enrolOnStepUp) throw new AppError(CODE.stepUpUnavailable);
      steps.push({ code: 'ENROL-FACTOR', title: 'ENROL-FACTOR', message: requirement.passkeyOnly ? 'PASSKEY' : 'ANY' });
    }
    if (steps.length) steps.push({ code: 'FINISH', title: 'FINISH', message: 'FINISH' });
    const secondAuth = requirement.required && (stepUp || !opts.trusted);
    const passwordExpireDays = expiring && daysLeft !== null && !steps.length ? daysLeft : 0;
    if (steps.length || secondAuth) {
      // The session only exists once every step and the second factor are passed.
      const data: LoginTicketData = { appId: app?.appId ?? null, loginType, steps, secondAuth, passwordExpireDays, deviceId: caller.deviceId, stepUp, risk: verdict };
      const srmi = await deps.tickets.issue(LOGIN_TICKET, user.id, steps.length ? steps[0].code : SECOND_AUTH_STEP, data);
      if (opts.success) await deps.audit.signIn(opts.success(verdict.judgement));
      return { response: { ...baseResponse(user, app), passwordExpireDays, secondAuth, steps, srmi }, session: null };
    }
    const outcome = await openSession(user, app, caller, false, verdict, opts.success, opts.settlement);
    return { response: { ...outcome.response, passwordExpireDays }, session: outcome.session };
  }

  return {
    baseResponse,
    openSession,
    deviceTrusted,

    async resolveApp(appId: string | undefined | null): Promise<App | undefined> {
      if (!appId) return undefined;
      const app = await ctx.repos.apps.findByAppId(appId);
      if (!app || !app.enabled) throw new AppError(CODE.unknownApp);
      return app;
    },

    /** Account states that refuse sign-in, checked only after the credentials are proven. */
    assertUsable(user: Pick<User, 'enabled' | 'activated' | 'registrationPending' | 'userExpireDate'>): void {
      if (!user.enabled) throw new AppError(CODE.accountDisabled);
      if (!user.activated) throw new AppError(CODE.accountNotActivated);
      if (user.registrationPending) throw new AppError(CODE.registrationPending);
      if (user.userExpireDate !== null && user.userExpireDate <= now()) throw new AppError(CODE.accountExpired);
    },

    async assertAppAccess(user: User, app: App | undefined, loginType: LoginType): Promise<void> {
      if (!app) return;
      if (!deps.loginConfig.allows(app, loginType)) throw new AppError(CODE.loginTypeNotAllowed);
      if (!(await ctx.repos.apps.hasPermission(user.id, app.id))) throw new AppError(CODE.noAppPermission);
    },

    /**
     * Everything after the credentials are proven: the risk judgement (refused, stepped up or
     * through), forced/expired password tickets, self-service steps, the second factor (skipped
     * on a device that passed it recently, unless the risk policy stepped up), and the session.
     * `factorProven`: the credential was two factors already (a user-verified passkey).
     * `failures`: the budgets' failures as the credential check saw them (read here when absent).
     * `success`: the method's log row for a step passed, written here (with the session when one
     * opens); absent: the method writes its own.
     * `settlement`: the credential check's budgets, settled with the session when one opens (its
     * `settled` says so); the caller settles them otherwise.
     * A refusal thrown after the judgement carries it (server/risk/judged.ts) for the log row.
     */
    async complete(
      user: User, app: App | undefined, loginType: LoginType | typeof UPSTREAM_LOGIN_TYPE, caller: Caller,
      opts: { factorProven?: boolean; failures?: RecentFailures; success?: SignInSuccess; settlement?: Settlement | null } = {},
    ): Promise<LoginOutcome> {
      const trusted = await deviceTrusted(user.id, caller);
      const { enrolOnStepUp, ...verdict } = await deps.risk.judge(user, app, caller, { deviceTrusted: trusted, failures: opts.failures });
      try {
        const outcome = await afterJudgement(user, app, loginType, caller, { ...opts, trusted, verdict, enrolOnStepUp });
        return { ...outcome, judgement: verdict.judgement };
      } catch (error) {
        markJudged(error, verdict.judgement);
        throw error;
      }
    },
  };
}

export type SignInFlow = ReturnType<typeof signInFlow>;
