import { checkPasswordShape, passwordStrength, type PasswordRules, type PolicyViolation } from '../../contract/rules.js';
import { CODE, type Lang, type ResultCode } from '../../contract/codes.js';
import { AppError } from '../platform/lib/errors.js';
import { text, type TextKey } from '../platform/lib/texts.js';
import { DAY } from '../platform/lib/clock.js';
import { COMMON_PASSWORDS } from './commonPasswords.js';
import type { Repos } from '../composition/repositories.js';
import type { ServiceContext } from '../composition/context.js';
import type { PasswordService } from './hashing.js';
import type { SettingsService } from '../policies/settings.js';
import { generatePassword } from './generatePassword.js';

/** The policy as the forms' format hint lists it (pwd/strategy/detail); refusals speak through their codes. */
const RULES: Record<PolicyViolation, TextKey> = {
  length: 'passwordRule.length',
  kinds: 'passwordRule.kinds',
  containsAccount: 'passwordRule.containsAccount',
  common: 'passwordRule.common',
  sameAsCurrent: 'passwordRule.sameAsCurrent',
};

const ORDER: PolicyViolation[] = ['length', 'kinds', 'containsAccount', 'common', 'sameAsCurrent'];

/** Each rule refuses with its own code, so a client can tell which one was broken without reading text. */
const REFUSALS: Record<PolicyViolation, ResultCode> = {
  length: CODE.passwordLength,
  kinds: CODE.passwordKinds,
  containsAccount: CODE.passwordContainsAccount,
  common: CODE.passwordCommon,
  sameAsCurrent: CODE.passwordSameAsCurrent,
};

/** Length of a generated password, unless the policy asks for longer. */
const GENERATED_LENGTH = 16;

/** When a password set now expires under these rules (null: never). */
export const passwordExpiresAt = (rules: Pick<PasswordRules, 'expiryDays'>, now: number): number | null =>
  rules.expiryDays > 0 ? now + rules.expiryDays * DAY : null;

/**
 * The password policy: served as text, enforced on every save (one E1071x code per rule broken).
 * The numbers are the live policy (workbench), read at each call, so a change shows at once.
 */
export function passwordPolicyService(ctx: ServiceContext, deps: { passwords: PasswordService; settings: SettingsService }) {
  const rules = async (): Promise<PasswordRules> => (await deps.settings.current()).pwd;

  /** Whether the password is one of the user's `count` most recent ones (the current hash is checked by the caller). */
  async function reused(userRef: number, password: string, count: number, currentHash: string | null): Promise<boolean> {
    // One by one, stopping at a match: each verification is a full argon2 run.
    for (const hash of await ctx.repos.admin.passwordHistory.recent(userRef, count)) {
      if (hash !== currentHash && (await deps.passwords.verify(hash, password))) return true;
    }
    return false;
  }

  return {
    rules,
    /**
     * The rules as a short HTML list for the forms' format hint. A new account has no current
     * or earlier password, so registration is not told rules it cannot break.
     */
    async describe(lang: Lang, forNewAccount = false): Promise<string> {
      const policy = await rules();
      const lines = ORDER.filter((r) => !forNewAccount || r !== 'sameAsCurrent').map((r) => text(RULES[r], lang, { minLength: policy.minLength, maxLength: policy.maxLength, minKinds: policy.minKinds }));
      // "No reuse of the last N" is shown once N reaches past the current password.
      if (policy.historyCount > 1 && !forNewAccount) lines.push(text('passwordRule.history', lang, { n: policy.historyCount }));
      return `<ul>${lines.map((line) => `<li>${line}</li>`).join('')}</ul>`;
    },
    /** A random password the live rules accept (at least 16 characters, every kind present), to be shown once. */
    async generate(): Promise<string> {
      const { minLength, maxLength } = await rules();
      return generatePassword(Math.min(Math.max(GENERATED_LENGTH, minLength), maxLength));
    },
    /**
     * Throws the code of the first rule broken (E1071x); returns the strength to store with the
     * hash. `userRef` names whose earlier passwords may not come back (none for a new account).
     */
    async enforce(password: string, account: string, currentHash: string | null, userRef: number | null = null): Promise<'weak' | 'middle' | 'strong'> {
      const policy = await rules();
      let broken: PolicyViolation | null = checkPasswordShape(password, account, policy);
      if (!broken && COMMON_PASSWORDS.has(password.toLowerCase())) broken = 'common';
      if (!broken && currentHash && (await deps.passwords.verify(currentHash, password))) broken = 'sameAsCurrent';
      if (broken) throw new AppError(REFUSALS[broken], { minLength: policy.minLength, maxLength: policy.maxLength, minKinds: policy.minKinds }, { rule: broken });
      if (userRef !== null && policy.historyCount > 1 && (await reused(userRef, password, policy.historyCount, currentHash))) {
        throw new AppError(CODE.passwordReused, { n: policy.historyCount }, { rule: 'reused' });
      }
      return passwordStrength(password).level;
    },
    /**
     * Keeps a newly set hash in the user's history, inside the caller's unit of work, and drops
     * what lies beyond the policy's count. The outgoing hash joins first when the history lacks it
     * (a password set before there was a history), so "the last N" really holds N.
     */
    async remember(repos: Repos, user: { id: number; passwordHash: string | null }, newHash: string, keep: number, now: number): Promise<void> {
      const history = repos.admin.passwordHistory;
      if (keep > 0) {
        if (user.passwordHash && (await history.latest(user.id)) !== user.passwordHash) await history.add(user.id, user.passwordHash, now);
        await history.add(user.id, newHash, now);
      }
      await history.trim(user.id, keep);
    },
  };
}

export type PasswordPolicyService = ReturnType<typeof passwordPolicyService>;
