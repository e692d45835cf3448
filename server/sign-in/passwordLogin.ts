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
      const opened = await deps.sm2.open({ userId: body.userId, password: body.password });
      const account = opened.plain.userId.trim();
      const password = opened.plain.password;
      // The schema sees only ciphertext: what the account says is checked once decrypted. These
      // refusals, and an unknown application, are thrown after the claim as before (the ciphertext
      // is used up all the same) but worked out before it: on SQLite the claim's transaction holds
      // the one connection that reading the application or the policy would wait for.
      const refusal = !account || account.length > LIMITS.accountMax ? CODE.accountRequired : MOBILE_AS_ACCOUNT_PATTERN.test(account) ? CODE.mobileAsAccount : null;
      const app = refusal ? undefined : await deps.flow.resolveApp(body.appId ?? body.query?.appId).catch((error: unknown) => {
        if (error instanceof AppError) return error;
        throw error;
      });
      const reservation = refusal || app instanceof AppError ? null : await deps.throttle.planned(accountKey(account), caller.ip);
      // The account's read and both reservations commit with the claim (credentialClaimRepository.ts).
      const claimed = await ctx.repos.credentialClaim.claim(opened.digests, opened.expiresAt, reservation && {
        read: ctx.repos.users.byAccountQuery(account), address: reservation.address, account: reservation.account,
      });
      opened.assertFresh(claimed.fresh);
      if (refusal) throw new AppError(refusal);
      if (app instanceof AppError) throw app;
      // Every digest was new and nothing was refused above: the read and the reservations ran.
      const { rows, taken } = claimed.followed!;
      const user = ctx.repos.users.fromRow(rows[0]);
      const entry = (result: SignInAttempt['result'], judgement?: SignInAttempt['judgement']): SignInAttempt =>
        ({ userRef: user?.id ?? null, account, optType: 'ACCOUNT', app, result, caller, judgement });
      const record = (result: SignInAttempt['result'], judgement?: SignInAttempt['judgement']) => deps.audit.signIn(entry(result, judgement));

      try {
        const attempt = await reservation!.attempt(taken);
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
