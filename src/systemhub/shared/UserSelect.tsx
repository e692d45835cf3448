import { useSelect } from '@refinedev/antd';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserItem } from '../../../contract/schemas/admin/users';

interface Props {
  multiple?: boolean;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  placeholder?: string;
  id?: string;
  /** The name read out when no form label points at the select (no `id`); the placeholder otherwise. */
  'aria-label'?: string;
  /** Set by a required Form.Item; antd would put it on the select's outer box, where ARIA does not allow it. */
  'aria-required'?: unknown;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** People by the start of their account, name or phone (users list), chosen by account. */
export function UserSelect({ multiple, value, onChange, 'aria-required': _required, 'aria-label': name, ...props }: Props) {
  const { t } = useTranslation();
  const { selectProps } = useSelect<AdminUserItem>({
    resource: 'users',
    optionLabel: (user) => `${user.userName} (${user.userId})${user.deptPath ? ` · ${user.deptPath}` : ''}`,
    optionValue: 'userId',
    filters: [{ field: 'enabled', operator: 'eq', value: true }],
    onSearch: (value) => [{ field: 'keyword', operator: 'eq', value }],
    pagination: { pageSize: 20 },
    debounce: 300,
  });
  return (
    <Select<string | string[] | null>
      {...props}
      options={selectProps.options as { label: string; value: string }[]}
      onSearch={selectProps.onSearch}
      filterOption={false}
      loading={selectProps.loading}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      placeholder={props.placeholder ?? t('wb.common.searchPeople')}
      aria-label={props.id ? undefined : (name ?? props.placeholder ?? t('wb.common.searchPeople'))}
      notFoundContent={selectProps.loading ? t('wb.common.loading') : t('wb.common.empty')}
    />
  );
}
