import { randomInt } from 'node:crypto';
import { ACCOUNT_NAME_PATTERN, EMAIL_PATTERN, MOBILE_PATTERN } from '../../contract/rules.js';
import { AppError } from '../platform/lib/errors.js';
import { HOUR } from '../platform/lib/clock.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { AuditService } from '../audit/service.js';
import type { Sm2Service } from '../sign-in/sm2.js';
import type { PasswordService } from './hashing.js';
import { passwordExpiresAt, type PasswordPolicyService } from './policy.js';
import type { SettingsService } from '../policies/settings.js';
import type { OtpService } from '../sms/otp.js';
import { CODE } from '../../contract/codes.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { passwordEndpoints } from '../../contract/endpoints/passwords.js';
import { isUniqueViolation } from '../platform/db/constraints.js';

export interface RegistrationDeps {
  audit: AuditService;
  sm2: Sm2Service;
  passwords: PasswordService;
  policy: PasswordPolicyService;
  settings: SettingsService;
  otp: OtpService;
}

/** Registrations one IP may make per hour, against scripted sign-ups. */
const PER_IP_HOURLY = 10;

/** Every user holds this portal role (docs/DECISIONS.md), so the roles call never answers an empty list. */
export const EVERY_USER_ROLE = 'EMPLOYEE';

/**
 * Self-registration (the live registration policy: closed, open, or open with an administrator's
 * approval). The phone typed in the form is proven by a texted code before the account exists,
 * so nobody can take a number from its owner by claiming it; with approval, the account waits,
 * unable to sign in, until an administrator approves it.
 */
export function registrationService(ctx: ServiceContext, deps: RegistrationDeps) {
  return {
    /**
     * Texts a registration code to the number behind a captcha. A number that already has an
     * account gets no text but the same answer and budgets, so the form tells nobody whose it is.
     */
    async sendCode(body: InputOf<typeof passwordEndpoints.registerSendCode>, caller: Caller): Promise<{ msgCodeKey: string }> {
      if (!(await deps.settings.current()).registration.enabled) throw new AppError(CODE.registrationClosed);
      const owner = MOBILE_PATTERN.test(body.mobileNo) ? await ctx.repos.users.findByMobile(body.mobileNo) : undefined;
      return deps.otp.send({ purpose: 'register', mobileNo: body.mobileNo, userRef: null, deliver: !owner, ip: caller.ip, proof: { capKey: body.capKey, capText: body.capText } });
    },

    async register(body: InputOf<typeof passwordEndpoints.register>, caller: Caller): Promise<{ userId: string; pending: boolean }> {
      const { registration, pwd } = await deps.settings.current();
      if (!registration.enabled) throw new AppError(CODE.registrationClosed);
      const ipKey = `register:${caller.ip}`;
      const now = ctx.clock.now();
      if ((await ctx.repos.limits.take(ipKey, now, now - HOUR, PER_IP_HOURLY)) === null) throw new AppError(CODE.tooManyRequests);

      const account = body.userId?.trim() ? body.userId.trim() : `u${body.mobileNo.slice(-4)}${randomInt(100000, 999999)}`;
      // The registration schema takes these as plain text (the account may be left out and made up here).
      if (!ACCOUNT_NAME_PATTERN.test(account)) throw new AppError(CODE.accountNameInvalid);
      if (!MOBILE_PATTERN.test(body.mobileNo)) throw new AppError(CODE.mobileInvalid);
      if (body.email && !EMAIL_PATTERN.test(body.email)) throw new AppError(CODE.emailInvalid);
      const password = await deps.sm2.decrypt('password', body.password);
      const level = await deps.policy.enforce(password, account, null);
      if (await ctx.repos.users.findByAccount(account)) throw new AppError(CODE.accountNameTaken);
      if (await ctx.repos.users.findByMobile(body.mobileNo)) throw new AppError(CODE.mobileRegistered);
      // The code is spent here, once: a replayed or racing registration with it is refused.
      await deps.otp.verify({ msgCodeKey: body.msgCodeKey, code: body.msgCode, purpose: 'register', mobileNo: body.mobileNo });
      const pending = registration.approval;
      const hash = await deps.passwords.hash(password);
      // The account, its EMPLOYEE role, its first history entry and the log row stand or fall together.
      await ctx.transaction(async (repos) => {
        const id = await repos.users.create({
          account: account.toLowerCase(), userName: body.userName.trim(), userType: 'STAFF', mobileNo: body.mobileNo, email: body.email || null,
          description: body.description || null, companyName: body.description || null, passwordHash: hash, passwordLevel: level,
          passwordChangedAt: now, passwordExpireAt: passwordExpiresAt(pwd, now), createdAt: now, updatedAt: now,
          // Signs in at once (or once approved), with no forced change and no second factor until one is set up.
          phoneDisabled: false, enabled: true, activated: true, mustChangePassword: false, secondAuthRequired: false, seniorLeader: false, registrationPending: pending,
        }).catch((error: unknown) => {
          // A racing registration took the name or number between the checks and the insert.
          throw isUniqueViolation(error) ? new AppError(CODE.accountOrMobileTaken) : error;
        });
        const everyUser = await repos.portalRoles.findByCode(EVERY_USER_ROLE);
        if (everyUser) await repos.portalRoles.grant(id, everyUser.id);
        await deps.policy.remember(repos, { id, passwordHash: null }, hash, pwd.historyCount, now);
        await deps.audit.operation(id, 'REGISTER', caller, null, repos);
      });
      return { userId: account.toLowerCase(), pending };
    },
  };
}

export type RegistrationService = ReturnType<typeof registrationService>;
