import { LIMITS, MOBILE_AS_ACCOUNT_PATTERN } from '../../contract/rules.js';
import type { LoginCheckBody } from '../../contract/schemas/auth.js';
import { AppError } from '../platform/lib/errors.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { accountKey } from './throttle.js';
import type { LoginOutcome } from './flow.js';
import { CODE } from '../../contract/codes.js';
import { judgementOf } from '../risk/judged.js';
import type { SignInAttempt } from '../audit/service.js';

/** Password sign-in: SM2-encrypted credentials, captcha escalation, lockout, uniform errors. */
export function loginService(ctx: ServiceContext, deps: Pick<CoreServices, 'sm2' | 'passwords' | 'captcha' | 'throttle' | 'audit' | 'flow'>) {
  return {
    /** E30127 when this IP has failed often enough that the page should show a captcha up front. */
    ipCheck: (ip: string) => deps.throttle.ipCheck(ip),

    async passwordLogin(body: LoginCheckBody, caller: Caller): Promise<LoginOutcome> {
      // The account is read in the replay claim's statement (one round trip fewer on PostgreSQL)
      // when it is one that could exist; what it says is checked after the claim, as before.
      const accountOf = (plain: { userId: string }) => plain.userId.trim();
      const { plain, rows } = await deps.sm2.decryptAllReading({ userId: body.userId, password: body.password }, (p) => {
        const candidate = accountOf(p);
        return candidate && candidate.length <= LIMITS.accountMax && !MOBILE_AS_ACCOUNT_PATTERN.test(candidate) ? ctx.repos.users.byAccountQuery(candidate) : null;
      });
      const account = accountOf(plain);
      const password = plain.password;
      // The schema sees only ciphertext: what the account says is checked once decrypted.
      if (!account || account.length > LIMITS.accountMax) throw new AppError(CODE.accountRequired);
      if (MOBILE_AS_ACCOUNT_PATTERN.test(account)) throw new AppError(CODE.mobileAsAccount);
      const app = await deps.flow.resolveApp(body.appId ?? body.query?.appId);

      const user = rows ? ctx.repos.users.fromRow(rows[0]) : await ctx.repos.users.findByAccount(account);
      const entry = (result: SignInAttempt['result'], judgement?: SignInAttempt['judgement']): SignInAttempt =>
        ({ userRef: user?.id ?? null, account, optType: 'ACCOUNT', app, result, caller, judgement });
      const record = (result: SignInAttempt['result'], judgement?: SignInAttempt['judgement']) => deps.audit.signIn(entry(result, judgement));

      try {
        const attempt = await deps.throttle.reserve(accountKey(account), caller.ip);
        if (attempt.captchaRequired) {
          const capKey = body.capKey ?? body.requestId;
          const refusal = !body.validCode || !capKey ? CODE.captchaRequired : (await deps.captcha.verify(capKey, body.validCode)) ? null : CODE.codeWrong;
          if (refusal) {
            await attempt.cancel();
            throw new AppError(refusal);
          }
        }
        const passwordOk = await deps.passwords.verify(user?.passwordHash ?? null, password);
        if (!user || !passwordOk) {
          const { locked, minutes } = await attempt.failed();
          if (locked) throw new AppError(CODE.accountLocked, { minutes });
          throw new AppError(CODE.accountOrPasswordWrong);
        }
        // The budgets are settled with the session when one opens (a commit fewer), else here
        // before the answer: a refusal after the check, a ticket, a failed write.
        let settled = false;
        try {
          if (user.passwordHash && deps.passwords.needsRehash(user.passwordHash)) {
            await ctx.repos.users.setPasswordHash(user.id, await deps.passwords.hash(password), ctx.clock.now());
          }
          deps.flow.assertUsable(user);
          await deps.flow.assertAppAccess(user, app, 'ACCOUNT');
          // The success row is the flow's to write: with the session, in one transaction, when one opens.
          return await deps.flow.complete(user, app, 'ACCOUNT', caller, {
            failures: attempt.failures, success: (judgement) => entry(CODE.ok, judgement), settlement: attempt.settlement(() => { settled = true; }),
          });
        } finally {
          if (!settled) await attempt.succeeded();
        }
      } catch (error) {
        if (error instanceof AppError) await record(error.code, judgementOf(error));
        throw error;
      }
    },
  };
}

export type LoginService = ReturnType<typeof loginService>;
