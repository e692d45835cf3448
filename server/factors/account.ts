import { CODE } from '../../contract/codes.js';
import { maskMobile } from '../../contract/rules.js';
import {
  FACTOR_LIMITS, type AuthenticationCredential, type FactorKind, type FactorOverview, type PasskeyItem, type ReauthMethod, type ReauthResult,
  type RecoveryCodes, type TotpEnrolment, type WebauthnOptions,
} from '../../contract/schemas/factors.js';
import { AppError, notSignedIn } from '../platform/lib/errors.js';
import { MINUTE } from '../platform/lib/clock.js';
import type { User } from '../organisation/usersRepository.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { passkeyItemOf, type FactorAdding } from './adding.js';
import type { FactorChecks } from './checks.js';
import type { FactorPolicyService } from './policy.js';
import { newRecoveryCodes, recoveryHash } from './recovery.js';
import type { WebauthnCeremonies } from './webauthn.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { factorEndpoints } from '../../contract/endpoints/factors.js';

const REAUTH_MS = FACTOR_LIMITS.reauthMinutes * MINUTE;
const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

export interface FactorAccountDeps extends Pick<CoreServices, 'audit' | 'sm2' | 'credentials' | 'sessions'> {
  policy: FactorPolicyService;
  checks: FactorChecks;
  ceremonies: WebauthnCeremonies;
  adding: FactorAdding;
}

/**
 * Account security's second factors. Adding or removing one needs this session to have proven
 * its user again within 5 minutes (password, passkey or app code), so a stolen session cookie
 * alone can neither plant its own factor nor strip the owner's. Removing a factor ends the
 * user's other sessions; the policy's last required factor cannot be removed.
 */
export function factorAccountService(ctx: ServiceContext, deps: FactorAccountDeps) {
  const repo = ctx.repos.factors;
  const now = () => ctx.clock.now();

  async function userOf(auth: AuthUser): Promise<User> {
    const user = await ctx.repos.users.findById(auth.userRef);
    if (!user) throw notSignedIn();
    return user;
  }

  async function reauthUntil(auth: AuthUser): Promise<number | null> {
    const at = await repo.reauthAt(auth.sessionId);
    return at !== null && at + REAUTH_MS > now() ? at + REAUTH_MS : null;
  }

  async function requireReauth(auth: AuthUser): Promise<User> {
    if ((await reauthUntil(auth)) === null) throw new AppError(CODE.reauthRequired, { minutes: FACTOR_LIMITS.reauthMinutes });
    return userOf(auth);
  }

  async function stamp(auth: AuthUser, method: ReauthMethod): Promise<ReauthResult> {
    const at = now();
    await repo.reauthStamp(auth.sessionId, at, method);
    return { reauthUntil: new Date(at + REAUTH_MS).toISOString() };
  }

  /** Refuses a removal that would leave a user who must pass a second factor without one that passes. */
  async function assertNotLast(user: User, removing: (kinds: FactorKind[]) => FactorKind[]): Promise<void> {
    const requirement = await deps.policy.requirement(user);
    if (!requirement.required) return;
    const { kinds } = await deps.policy.held(user);
    const left = deps.policy.passing(removing(kinds), requirement).filter((k) => k !== 'RECOVERY_CODE');
    if (!left.length) throw new AppError(CODE.lastRequiredFactor);
  }

  /** The removal is done: the other sessions end (this one stays), so a thief's copy goes with it. */
  async function removed(auth: AuthUser): Promise<null> {
    await deps.sessions.endOthers(auth.userRef, auth.sessionId);
    return null;
  }

  return {
    /**
     * Stopping the phone takes away the SMS factor: like removing a factor it needs a recent
     * re-authentication, and it is refused when SMS is the last factor the policy requires.
     */
    async assertMayStopPhone(auth: AuthUser): Promise<void> {
      const user = await requireReauth(auth);
      await assertNotLast(user, (kinds) => kinds.filter((k) => k !== 'SMS'));
    },

    async overview(auth: AuthUser): Promise<FactorOverview> {
      const user = await userOf(auth);
      const [totp, passkeys, recovery, requirement, until] = await Promise.all([
        repo.totp(user.id), repo.passkeys(user.id), repo.recoveryStatus(user.id), deps.policy.requirement(user), reauthUntil(auth),
      ]);
      const confirmed = totp && totp.confirmed_at !== null ? totp : null;
      const methods: ReauthMethod[] = [];
      if (passkeys.length) methods.push('PASSKEY');
      if (confirmed) methods.push('TOTP');
      if (user.passwordHash) methods.push('PASSWORD');
      return {
        phone: user.mobileNo ? { mobile: maskMobile(user.mobileNo), enabled: !user.phoneDisabled } : null,
        totp: confirmed && {
          createdAt: iso(confirmed.confirmed_at)!, lastUsedAt: iso(confirmed.last_used_at),
          lockedUntil: confirmed.locked_until !== null && confirmed.locked_until > now() ? iso(confirmed.locked_until) : null,
        },
        passkeys: passkeys.map(passkeyItemOf),
        recoveryCodes: recovery && { remaining: recovery.remaining, total: recovery.total, createdAt: iso(recovery.createdAt)! },
        secondFactorRequired: requirement.required,
        passkeyRequired: requirement.passkeyOnly,
        reauthUntil: iso(until),
        reauthMethods: methods,
      };
    },

    async reauthPassword(auth: AuthUser, cipher: string, caller: Caller): Promise<ReauthResult> {
      const user = await userOf(auth);
      const password = await deps.sm2.decrypt('password', cipher);
      if (!user.passwordHash) throw new AppError(CODE.factorNotSetUp);
      await deps.credentials.checkCurrent(user, password, caller);
      return stamp(auth, 'PASSWORD');
    },
    async reauthTotp(auth: AuthUser, code: string): Promise<ReauthResult> {
      await deps.checks.totp(auth.userRef, code);
      return stamp(auth, 'TOTP');
    },
    reauthPasskeyOptions: (auth: AuthUser): Promise<WebauthnOptions> =>
      deps.ceremonies.authenticationOptions('reauth', { userRef: auth.userRef, binding: String(auth.sessionId) }),
    async reauthPasskey(auth: AuthUser, credential: AuthenticationCredential): Promise<ReauthResult> {
      await deps.ceremonies.verifyAuthentication(credential, 'reauth', { userRef: auth.userRef, binding: String(auth.sessionId) });
      return stamp(auth, 'PASSKEY');
    },

    async totpStart(auth: AuthUser): Promise<TotpEnrolment> {
      return deps.adding.startTotp(await requireReauth(auth));
    },
    async totpConfirm(auth: AuthUser, code: string, caller: Caller): Promise<null> {
      await deps.adding.confirmTotp(await requireReauth(auth), code, caller);
      return null;
    },
    async totpRemove(auth: AuthUser, caller: Caller): Promise<null> {
      const user = await requireReauth(auth);
      const row = await repo.totp(user.id);
      if (!row || row.confirmed_at === null) throw new AppError(CODE.factorNotSetUp);
      await assertNotLast(user, (kinds) => kinds.filter((k) => k !== 'TOTP'));
      await ctx.transaction(async (repos) => {
        if (!(await repos.factors.totpDelete(user.id))) throw new AppError(CODE.factorNotSetUp);
        await deps.audit.operation(user.id, 'REMOVE_TOTP', caller, null, repos);
      });
      return removed(auth);
    },

    async passkeyOptions(auth: AuthUser): Promise<WebauthnOptions> {
      return deps.adding.passkeyOptions(await requireReauth(auth), 'register', String(auth.sessionId));
    },
    async passkeyRegister(auth: AuthUser, body: InputOf<typeof factorEndpoints.passkeyRegister>, caller: Caller): Promise<PasskeyItem> {
      const user = await requireReauth(auth);
      return deps.adding.registerPasskey(user, body.name, body.credential, 'register', String(auth.sessionId), caller);
    },
    async passkeyRename(auth: AuthUser, body: InputOf<typeof factorEndpoints.passkeyRename>): Promise<null> {
      if (!(await repo.passkeyRename(auth.userRef, body.id, body.name))) throw new AppError(CODE.notFound);
      return null;
    },
    async passkeyRemove(auth: AuthUser, id: number, caller: Caller): Promise<null> {
      const user = await requireReauth(auth);
      const passkeys = await repo.passkeys(user.id);
      if (!passkeys.some((p) => p.id === id)) throw new AppError(CODE.notFound);
      // The last passkey takes PASSKEY with it; another one keeps it.
      await assertNotLast(user, (kinds) => (passkeys.length > 1 ? kinds : kinds.filter((k) => k !== 'PASSKEY')));
      await ctx.transaction(async (repos) => {
        const gone = await repos.factors.passkeyDelete(user.id, id);
        if (!gone) throw new AppError(CODE.notFound);
        await deps.audit.operation(user.id, 'REMOVE_PASSKEY', caller, gone.name, repos);
      });
      return removed(auth);
    },

    async recoveryGenerate(auth: AuthUser, caller: Caller): Promise<RecoveryCodes> {
      const user = await requireReauth(auth);
      const codes = newRecoveryCodes();
      const at = now();
      await ctx.transaction(async (repos) => {
        await repos.factors.recoveryReplace(user.id, codes.map(recoveryHash), at);
        await deps.audit.operation(user.id, 'NEW_RECOVERY_CODES', caller, null, repos);
      });
      return { codes, createdAt: new Date(at).toISOString() };
    },
  };
}

export type FactorAccountService = ReturnType<typeof factorAccountService>;
