import { useTranslation } from 'react-i18next';

/** A policy field's value in words: yes/no, the names of listed types, "(empty)", or the number as it is. */
export function usePolicyValue() {
  const { t, i18n } = useTranslation();
  return (section: string, field: string, value: unknown): string => {
    // The risk section's actions in words; a signal without one follows its level.
    if (section === 'risk' && field === 'signals' && (value === undefined || value === null)) return t('wb.risk.followLevel');
    if (section === 'risk' && ['medium', 'high', 'signals'].includes(field) && typeof value === 'string') return t(`wb.risk.action.${value}`);
    if (value === undefined || value === null) return t('wb.policies.history.unset');
    if (typeof value === 'boolean') return value ? t('wb.common.yes') : t('wb.common.no');
    if (Array.isArray(value)) return value.length ? value.map((v) => t(`wb.users.type.${String(v)}`)).join(t('wb.policies.history.listSeparator')) : t('wb.common.none');
    if (value === '') return t('wb.policies.history.blank');
    const named = `wb.policies.${section}.values.${field}.${String(value)}`;
    return i18n.exists(named) ? t(named) : String(value);
  };
}
