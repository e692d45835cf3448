import { checkPasswordShape, DEFAULT_PASSWORD_POLICY, passwordStrength, type PasswordPolicy, type PolicyViolation } from '../../contract/rules.js';
import type { Lang } from '../../contract/codes.js';
import { AppError } from '../http/errors.js';
import { COMMON_PASSWORDS } from '../security/commonPasswords.js';
import type { PasswordService } from './passwords.js';

const RULES: Record<PolicyViolation, (p: PasswordPolicy) => { zh: string; en: string }> = {
  length: (p) => ({ zh: `密码长度须为 ${p.minLength}-${p.maxLength} 位`, en: `Passwords are ${p.minLength} to ${p.maxLength} characters long` }),
  kinds: (p) => ({ zh: `须包含数字、字母、特殊字符中的至少 ${p.minKinds} 种`, en: `Use at least ${p.minKinds} of: digits, letters, other characters` }),
  containsAccount: () => ({ zh: '不能包含账号', en: 'Must not contain the account name' }),
  common: () => ({ zh: '不能使用常见弱密码', en: 'Must not be a commonly used password' }),
  sameAsCurrent: () => ({ zh: '不能与当前密码相同', en: 'Must differ from the current password' }),
};

const ORDER: PolicyViolation[] = ['length', 'kinds', 'containsAccount', 'common', 'sameAsCurrent'];

/** The password policy: served as text, enforced on every save (E10701 naming the rule broken). */
export function passwordPolicyService(passwords: PasswordService, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return {
    /** The rules as a short HTML list for the forms' format hint. */
    describe(lang: Lang): string {
      return `<ul>${ORDER.map((r) => `<li>${RULES[r](policy)[lang]}</li>`).join('')}</ul>`;
    },
    /** Throws E10701 for the first rule broken; returns the strength to store with the hash. */
    async enforce(password: string, account: string, currentHash: string | null): Promise<'weak' | 'middle' | 'strong'> {
      let broken: PolicyViolation | null = checkPasswordShape(password, account, policy);
      if (!broken && COMMON_PASSWORDS.has(password.toLowerCase())) broken = 'common';
      if (!broken && currentHash && (await passwords.verify(currentHash, password))) broken = 'sameAsCurrent';
      if (broken) {
        const text = RULES[broken](policy);
        throw new AppError('E10701', {}, { rule: broken }, { zh: `新密码不符合密码策略：${text.zh}`, en: `The new password does not meet the policy: ${text.en}` });
      }
      return passwordStrength(password).level;
    },
  };
}

export type PasswordPolicyService = ReturnType<typeof passwordPolicyService>;
