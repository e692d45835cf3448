import type { CodeFieldProps, PhoneFieldProps } from '../../shared/components/PhoneCodeFields';

type Translate = (key: string) => string;

/** The SMS code field the security dialogs share, with the spec's texts. */
export function codeField(t: Translate): CodeFieldProps {
  return {
    name: 'code',
    label: t('safe.fields.code'),
    required: t('safe.validation.codeRequired'),
    tooLong: t('safe.validation.codeTooLong'),
    placeholder: t('safe.placeholders.code'),
    testId: 'sms-code-input',
  };
}

/** A new number to type, with the spec's texts. */
export function mobileField(t: Translate, label: string): PhoneFieldProps {
  return {
    name: 'mobileNo',
    label,
    required: t('safe.validation.mobileRequired'),
    invalid: t('safe.validation.mobileInvalid'),
    placeholder: t('safe.placeholders.mobileNo'),
    testId: 'mobile-input',
  };
}
