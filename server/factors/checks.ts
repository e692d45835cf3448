import { CODE } from '../../contract/codes.js';
import { FACTOR_LIMITS } from '../../contract/schemas/factors.js';
import { AppError } from '../platform/lib/errors.js';
import { MINUTE } from '../platform/lib/clock.js';
import type { ServiceContext } from '../composition/context.js';
import type { SecretBox } from './secretBox.js';
import { totpStepOf } from './totp.js';
import { recoveryHash } from './recovery.js';

const { totpMaxFailures, totpLockMinutes } = FACTOR_LIMITS;
/** Recovery codes one account may try in a quarter of an hour: 50-bit codes need no more, and guessing gets nowhere. */
const RECOVERY_TRIES = 10;
const RECOVERY_WINDOW = 15 * MINUTE;

export const totpOwner = (userRef: number) => `totp:${userRef}`;

/** Checking a code of the authenticator app or a recovery code, wherever one is typed (sign-in, re-authentication). */
export function factorChecks(ctx: ServiceContext, box: SecretBox) {
  const repo = ctx.repos.factors;

  const lockedError = (until: number | null, now: number) =>
    new AppError(CODE.totpLocked, { minutes: Math.max(1, Math.ceil(((until ?? now + totpLockMinutes * MINUTE) - now) / MINUTE)) });

  return {
    /**
     * Passes when the code is right for now (±1 step), its step later than any accepted before,
     * and the app not locked. The try is taken before the code is compared, so racing guesses
     * cannot exceed five; the fifth wrong one locks the app for 15 minutes.
     */
    async totp(userRef: number, code: string): Promise<void> {
      const row = await repo.totp(userRef);
      if (!row || row.confirmed_at === null) throw new AppError(CODE.factorNotSetUp);
      const now = ctx.clock.now();
      const tries = await repo.totpTakeTry(userRef, now, totpMaxFailures, now + totpLockMinutes * MINUTE);
      if (tries === null) throw lockedError((await repo.totp(userRef))?.locked_until ?? null, now);
      const step = totpStepOf(await box.open(row.secret_enc, totpOwner(userRef)), code, now);
      if (step === null) throw tries >= totpMaxFailures ? lockedError(now + totpLockMinutes * MINUTE, now) : new AppError(CODE.totpWrong);
      if (!(await repo.totpAccept(userRef, step, now))) throw new AppError(CODE.totpReplayed);
    },

    /** Spends one recovery code; how many are left. */
    async recovery(userRef: number, code: string): Promise<number> {
      const status = await repo.recoveryStatus(userRef);
      if (!status || status.remaining === 0) throw new AppError(CODE.factorNotSetUp);
      const now = ctx.clock.now();
      if ((await ctx.repos.limits.take(`recovery:${userRef}`, now, now - RECOVERY_WINDOW, RECOVERY_TRIES)) === null) throw new AppError(CODE.tooManyRequests);
      if (!(await repo.recoveryUse(userRef, recoveryHash(code), now))) throw new AppError(CODE.recoveryCodeWrong);
      return (await repo.recoveryStatus(userRef))?.remaining ?? 0;
    },
  };
}

export type FactorChecks = ReturnType<typeof factorChecks>;
