import { useSelect } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import type { AdminUserItem } from '../../../contract/schemas/admin/users';
import type { PersonSearch } from '../../shared/components/PersonSelect';

function useSearchBy(value: 'userId' | 'id'): PersonSearch {
  const { t } = useTranslation();
  const { selectProps } = useSelect<AdminUserItem>({
    resource: 'users',
    optionLabel: (user) => `${user.userName} (${user.userId})${user.deptPath ? ` · ${user.deptPath}` : ''}`,
    optionValue: value,
    filters: [{ field: 'enabled', operator: 'eq', value: true }],
    onSearch: (text) => [{ field: 'keyword', operator: 'eq', value: text }],
    pagination: { pageSize: 20 },
    debounce: 300,
  });
  const loading = selectProps.loading === true;
  return {
    options: selectProps.options ?? [],
    onSearch: (text) => selectProps.onSearch?.(text),
    loading,
    notFound: loading ? t('wb.common.loading') : t('wb.common.empty'),
    placeholder: t('wb.common.searchPeople'),
  };
}

/** The workbench's people search for PersonSelect: enabled users by the start of their account, name or phone, chosen by account. */
export function useUserSearch(): PersonSearch {
  return useSearchBy('userId');
}

/** The same search, chosen by record id (for endpoints that take a person's `id`). */
export function useUserRecordSearch(): PersonSearch {
  return useSearchBy('id');
}
