import { useSelect } from '@refinedev/antd';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupKind } from '../../../contract/enums';
import type { AdminGroupRow } from '../../../contract/schemas/admin/groups';

/** Security and mail groups (not shared mailboxes) by name or code, chosen by id. */
/** `aria-label` names the select where no form label points at it (no `id`), as PersonSelect's does. */
export function GroupSelect({ id, 'aria-label': name, value, onChange, testId }: { id?: string; 'aria-label'?: string; value?: number[]; onChange?: (value: number[]) => void; testId?: string }) {
  const { t } = useTranslation();
  const { selectProps, query } = useSelect<AdminGroupRow>({
    resource: 'groups',
    optionLabel: (group) => `${group.name} (${group.code})`,
    optionValue: (group) => String(group.id),
    onSearch: (keyword) => [{ field: 'keyword', operator: 'eq', value: keyword }],
    pagination: { pageSize: 20 },
    debounce: 300,
  });
  const rows = query.data?.data ?? [];
  const options = rows.filter((group) => group.kind !== GroupKind.PUBLIC_MAIL).map((group) => ({ value: group.id, label: `${group.name} (${group.code})` }));
  return (
    <Select<number[]>
      id={id}
      aria-label={id ? undefined : name}
      mode="multiple"
      showSearch
      allowClear
      filterOption={false}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      options={options}
      value={value}
      onChange={(next) => onChange?.(next)}
      placeholder={t('wb.common.searchGroups')}
      style={{ minWidth: 260 }}
      data-testid={testId}
    />
  );
}
