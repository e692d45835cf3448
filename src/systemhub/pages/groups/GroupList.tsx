import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GroupKind } from '../../../../contract/enums';
import { LIMITS } from '../../../../contract/rules';
import type { AdminGroupRow } from '../../../../contract/schemas/admin/groups';
import { ConfirmLink } from '../../shared/ConfirmLink';
import { PageHeader } from '../../shared/PageHeader';
import { SearchBar } from '../../../shared/components/SearchBar';
import { useAdminDelete } from '../../shared/useAdminDelete';
import { useListTable } from '../../../shared/hooks/useListTable';
import { CreateGroupDialog, EditGroupDialog } from './GroupDialogs';

const KIND_COLORS: Record<GroupKind, string> = { SECURITY: 'purple', MAIL: 'blue', PUBLIC_MAIL: 'cyan' };

/** Security groups, mail groups and shared mailboxes: search, create, edit, managers, delete. */
export default function GroupList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useListTable<AdminGroupRow, { keyword?: string; kind?: GroupKind }>('groups');
  const remove = useAdminDelete('groups');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminGroupRow | null>(null);

  return (
    <>
      <PageHeader
        title={t('wb.groups.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="group-create">
            {t('wb.groups.create')}
          </Button>
        }
      />
      <SearchBar formProps={searchFormProps} testId="group-search">
        <Form.Item name="keyword" label={t('wb.groups.keyword')}>
          <Input allowClear maxLength={LIMITS.searchMax} />
        </Form.Item>
        <Form.Item name="kind" label={t('wb.groups.fields.kind')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('wb.common.all')} options={Object.values(GroupKind).map((kind) => ({ value: kind, label: t(`wb.groups.kinds.${kind}`) }))} />
        </Form.Item>
      </SearchBar>
      <Table<AdminGroupRow> {...tableProps} rowKey={(row) => `${row.kind}-${row.id}`} data-testid="group-table" scroll={{ x: 1000 }}>
        <Table.Column<AdminGroupRow>
          dataIndex="name"
          title={t('wb.groups.fields.name')}
          width={200}
          ellipsis
          sorter
          render={(name: string, row) => (row.kind === GroupKind.PUBLIC_MAIL ? name : <Link to={`/groups/show/${row.id}`}>{name}</Link>)}
        />
        <Table.Column<AdminGroupRow> dataIndex="code" title={t('wb.groups.fields.code')} width={150} ellipsis sorter />
        <Table.Column<AdminGroupRow> dataIndex="kind" title={t('wb.groups.fields.kind')} width={110} sorter render={(kind: GroupKind) => <Tag color={KIND_COLORS[kind]}>{t(`wb.groups.kinds.${kind}`)}</Tag>} />
        <Table.Column<AdminGroupRow> dataIndex="email" title={t('wb.groups.fields.email')} ellipsis />
        <Table.Column<AdminGroupRow> key="manager" title={t('wb.groups.fields.manager')} width={170} ellipsis render={(_, row) => (row.managerUserId ? `${row.managerName ?? ''} (${row.managerUserId})` : t('wb.common.none'))} />
        <Table.Column<AdminGroupRow> dataIndex="memberNumber" title={t('wb.groups.fields.members')} width={90} render={(value: number | null) => value ?? '—'} />
        <Table.Column<AdminGroupRow>
          key="actions"
          title={t('wb.common.actions')}
          fixed="right"
          width={130}
          render={(_, row) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setEditing(row)}>
                {t('wb.common.edit')}
              </Button>
              {row.kind === GroupKind.PUBLIC_MAIL ? null : (
                <ConfirmLink title={t('wb.groups.deleteConfirm', { name: row.name })} onConfirm={() => remove(row.id)}>
                  {t('wb.common.delete')}
                </ConfirmLink>
              )}
            </Space>
          )}
        />
      </Table>
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} />
      <EditGroupDialog row={editing} onClose={() => setEditing(null)} />
    </>
  );
}
