import { checkPasswordShape, DEFAULT_PASSWORD_POLICY, passwordStrength, type PasswordPolicy, type PolicyViolation } from '../../contract/rules.js';
import { CODE, type Lang, type ResultCode } from '../../contract/codes.js';
import { AppError } from '../domain/errors.js';
import { COMMON_PASSWORDS } from '../security/commonPasswords.js';
import type { PasswordService } from './passwords.js';

/** The policy as the forms' format hint lists it (pwd/strategy/detail); refusals speak through their codes. */
const RULES: Record<PolicyViolation, (p: PasswordPolicy) => { zh: string; en: string }> = {
  length: (p) => ({ zh: `密码长度须为 ${p.minLength}-${p.maxLength} 位`, en: `Passwords are ${p.minLength} to ${p.maxLength} characters long` }),
  kinds: (p) => ({ zh: `须包含数字、字母、特殊字符中的至少 ${p.minKinds} 种`, en: `Use at least ${p.minKinds} of: digits, letters, other characters` }),
  containsAccount: () => ({ zh: '不能包含账号', en: 'Must not contain the account name' }),
  common: () => ({ zh: '不能使用常见弱密码', en: 'Must not be a commonly used password' }),
  sameAsCurrent: () => ({ zh: '不能与当前密码相同', en: 'Must differ from the current password' }),
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

/** The password policy: served as text, enforced on every save (one E1071x code per rule broken). */
export function passwordPolicyService(passwords: PasswordService, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return {
    /** The rules as a short HTML list for the forms' format hint. */
    describe(lang: Lang): string {
      return `<ul>${ORDER.map((r) => `<li>${RULES[r](policy)[lang]}</li>`).join('')}</ul>`;
    },
    /** Throws the code of the first rule broken (E1071x); returns the strength to store with the hash. */
    async enforce(password: string, account: string, currentHash: string | null): Promise<'weak' | 'middle' | 'strong'> {
      let broken: PolicyViolation | null = checkPasswordShape(password, account, policy);
      if (!broken && COMMON_PASSWORDS.has(password.toLowerCase())) broken = 'common';
      if (!broken && currentHash && (await passwords.verify(currentHash, password))) broken = 'sameAsCurrent';
      if (broken) throw new AppError(REFUSALS[broken], { minLength: policy.minLength, maxLength: policy.maxLength, minKinds: policy.minKinds }, { rule: broken });
      return passwordStrength(password).level;
    },
  };
}

export type PasswordPolicyService = ReturnType<typeof passwordPolicyService>;
