import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { LIMITS, MOBILE_PATTERN } from '../../../contract/rules';

/** Form rules the security dialogs share, with the spec's texts. */
export function codeRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('safe.validation.codeRequired') },
    { max: LIMITS.codeMax, message: t('safe.validation.codeTooLong') },
  ];
}

export function mobileRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('safe.validation.mobileRequired') },
    { pattern: MOBILE_PATTERN, message: t('safe.validation.mobileInvalid') },
  ];
}
