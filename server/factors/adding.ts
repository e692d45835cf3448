import { CODE } from '../../contract/codes.js';
import { FACTOR_LIMITS, type PasskeyItem, type RegistrationCredential, type TotpEnrolment, type WebauthnOptions } from '../../contract/schemas/factors.js';
import { AppError } from '../platform/lib/errors.js';
import type { PasskeyRow } from './repository.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { totpOwner } from './checks.js';
import type { SecretBox } from './secretBox.js';
import { newTotpSecret, totpEnrolment, totpStepOf } from './totp.js';
import type { WebauthnCeremonies } from './webauthn.js';

type Person = { id: number; account: string; userName: string };

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
export const passkeyItemOf = (p: PasskeyRow): PasskeyItem => {
  let transports: string[] = [];
  try {
    transports = JSON.parse(p.transports) as string[];
  } catch {
    transports = [];
  }
  return { id: p.id, name: p.name, createdAt: iso(p.created_at)!, lastUsedAt: iso(p.last_used_at), transports, backedUp: p.backed_up === 1 };
};

/**
 * Adding a factor, the same whether from account security (session, re-authenticated) or from the
 * self-service step (sign-in ticket): an authenticator app started then confirmed by its first
 * code, a passkey registered under a name. Each addition is an operation-log entry.
 */
export function factorAdding(ctx: ServiceContext, deps: Pick<CoreServices, 'audit' | 'settings'> & { box: SecretBox; ceremonies: WebauthnCeremonies }) {
  const repo = ctx.repos.factors;
  /** What apps and browsers show as the portal's name. */
  const displayName = async () => (await deps.settings.current()).loginPage.companyName.zh || 'IDaaS';

  return {
    async startTotp(user: Person): Promise<TotpEnrolment> {
      const secret = newTotpSecret();
      const sealed = await deps.box.seal(secret, totpOwner(user.id));
      if (!(await repo.totpStart(user.id, sealed, ctx.clock.now()))) throw new AppError(CODE.totpAlreadySetUp);
      return totpEnrolment(secret, await displayName(), user.account);
    },

    async confirmTotp(user: Person, code: string, caller: Caller): Promise<void> {
      const row = await repo.totp(user.id);
      if (!row) throw new AppError(CODE.totpNotStarted);
      if (row.confirmed_at !== null) throw new AppError(CODE.totpAlreadySetUp);
      const now = ctx.clock.now();
      const step = totpStepOf(await deps.box.open(row.secret_enc, totpOwner(user.id)), code, now);
      if (step === null) throw new AppError(CODE.totpWrong);
      await ctx.transaction(async (repos) => {
        if (!(await repos.factors.totpConfirm(user.id, step, now))) throw new AppError(CODE.totpNotStarted);
        await deps.audit.operation(user.id, 'ADD_TOTP', caller, null, repos);
      });
    },

    async passkeyOptions(user: Person, purpose: 'register' | 'enrol', binding: string): Promise<WebauthnOptions> {
      if ((await repo.passkeys(user.id)).length >= FACTOR_LIMITS.passkeysPerUser) throw new AppError(CODE.passkeyLimit, { max: FACTOR_LIMITS.passkeysPerUser });
      return deps.ceremonies.registrationOptions(user, purpose, binding, await displayName());
    },

    async registerPasskey(user: Person, name: string, credential: RegistrationCredential, purpose: 'register' | 'enrol', binding: string, caller: Caller): Promise<PasskeyItem> {
      const verified = await deps.ceremonies.verifyRegistration(credential, purpose, { userRef: user.id, binding });
      const row = await ctx.transaction(async (repos) => {
        const added = await repos.factors.passkeyInsert({ ...verified, userRef: user.id, name, createdAt: ctx.clock.now() }, FACTOR_LIMITS.passkeysPerUser);
        if (added === 'taken') throw new AppError(CODE.passkeyRegistered);
        if (!added) throw new AppError(CODE.passkeyLimit, { max: FACTOR_LIMITS.passkeysPerUser });
        await deps.audit.operation(user.id, 'ADD_PASSKEY', caller, name, repos);
        return added;
      });
      return passkeyItemOf(row);
    },
  };
}

export type FactorAdding = ReturnType<typeof factorAdding>;
