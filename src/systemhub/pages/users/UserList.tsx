import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { CanAccess, useGetIdentity } from '@refinedev/core';
import { Button, Form, Input, Select, Space, Table, Typography, type CheckboxProps } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LIMITS, USER_TYPES } from '../../../../contract/rules';
import type { AdminUserItem, UserFilters } from '../../../../contract/schemas/admin/users';
import type { CurrentUser } from '../../../../contract/schemas/personal';
import { feedback } from '../../../shared/providers/feedback';
import { formatTimeOrBlank } from '../../../shared/format';
import { ConfirmLink } from '../../shared/ConfirmLink';
import { DeptSelect } from '../../shared/DeptSelect';
import { PageHeader } from '../../shared/PageHeader';
import { SearchBar } from '../../../shared/components/SearchBar';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { adminUsersEndpoints } from '../../../../contract/endpoints/admin/users';
import { useMay } from '../../duty/useMay';
import { ENDPOINTS } from '../../providers/endpoints';
import { useListTable } from '../../../shared/hooks/useListTable';
import { BatchBar } from './BatchBar';
import { exportHref } from './exportLink';
import { ImportDialog } from './ImportDialog';
import { UserStateTags } from './UserStateTags';
import { useStaleDeptFilter } from './useStaleDeptFilter';

/** People: search and filters, create, import, export, enable and disable, and the same for many selected at once. */
export default function UserList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const may = useMay();
  // The security administrator reads people (to unlock them, end their sessions) but does not change them.
  const changes = may('users', 'edit');
  const { table, tableProps, searchFormProps, filters } = useListTable<AdminUserItem, UserFilters>('users');
  const deptFilter = filters.find((f) => 'field' in f && f.field === 'deptId')?.value as number | undefined;
  const { tableQuery } = table;
  useStaleDeptFilter(deptFilter ?? undefined, tableQuery.isSuccess && tableQuery.data?.total === 0 ? tableQuery.dataUpdatedAt : null, () => {
    searchFormProps.form?.setFieldValue('deptId', undefined);
    table.setFilters([{ field: 'deptId', operator: 'eq', value: undefined }], 'merge');
  });
  const setEnabled = useEndpointMutation(ENDPOINTS.users.actions.setEnabled, { refresh: ['users'] });
  const [importing, setImporting] = useState(false);
  // Kept across pages and searches, so people found one after another can be acted on together.
  const [selected, setSelected] = useState<Key[]>([]);
  const { data: me } = useGetIdentity<CurrentUser>();
  const yesNo = [
    { value: true, label: t('wb.common.yes') },
    { value: false, label: t('wb.common.no') },
  ];

  return (
    <>
      <PageHeader
        title={t('wb.users.title')}
        extra={
          <>
            {may('users', 'create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/users/create')} data-testid="user-create">
                {t('wb.users.create')}
              </Button>
            ) : null}
            {may('users', 'importStart') ? (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="user-import">
                {t('wb.import.open')}
              </Button>
            ) : null}
            {may.call(adminUsersEndpoints.userExport) ? (
              <Button icon={<DownloadOutlined />} href={exportHref(filters)} data-testid="user-export">
                {t('wb.common.downloadCsv')}
              </Button>
            ) : null}
          </>
        }
      />
      <SearchBar formProps={searchFormProps} testId="user-search">
        <Form.Item name="keyword" label={t('wb.users.keyword')}>
          <Input allowClear maxLength={LIMITS.searchMax} placeholder={t('wb.users.keywordHint')} data-testid="user-keyword" />
        </Form.Item>
        <Form.Item name="deptId" label={t('wb.users.fields.deptId')}>
          <DeptSelect style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="userType" label={t('wb.users.fields.userType')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('wb.common.all')} options={USER_TYPES.map((type) => ({ value: type, label: t(`wb.users.type.${type}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('wb.users.enabled')}>
          <Select allowClear style={{ width: 100 }} placeholder={t('wb.common.all')} options={yesNo} />
        </Form.Item>
        <Form.Item name="locked" label={t('wb.users.locked')}>
          <Select allowClear style={{ width: 100 }} placeholder={t('wb.common.all')} options={yesNo} />
        </Form.Item>
        <Form.Item name="passwordExpired" label={t('wb.users.passwordExpired')}>
          <Select allowClear style={{ width: 100 }} placeholder={t('wb.common.all')} options={yesNo} />
        </Form.Item>
      </SearchBar>
      {may('users', 'batch') ? <BatchBar ids={selected.map(Number)} onClear={() => setSelected([])} /> : null}
      <Table<AdminUserItem>
        {...tableProps}
        rowKey="id"
        data-testid="user-table"
        // Columns of set widths, the department taking what is left: with the fonts people really
        // have (CJK glyphs are wider than a fallback's), measured widths pushed the actions past 1366 px.
        tableLayout="fixed"
        // Narrower than that (a phone), the table scrolls inside its own box, not the page.
        scroll={{ x: 1060 }}
        rowSelection={may('users', 'batch') ? {
          selectedRowKeys: selected,
          onChange: setSelected,
          preserveSelectedRowKeys: true,
          // antd spreads these onto the checkbox; its props type leaves out the aria attributes.
          getCheckboxProps: (row) => ({ 'aria-label': t('wb.users.batch.select', { account: row.userId }) }) as CheckboxProps,
          getTitleCheckboxProps: () => ({ 'aria-label': t('wb.users.batch.selectPage') }) as CheckboxProps,
        } : undefined}
      >
        {/* Sortable where the server allows (SORTABLE.users); the others stay in the server's order. */}
        <Table.Column<AdminUserItem> dataIndex="userId" sorter width={150} ellipsis title={t('wb.users.fields.userId')} render={(value: string, row) => <Link to={`/users/show/${row.id}`}>{value}</Link>} />
        <Table.Column<AdminUserItem> dataIndex="userName" sorter width={110} ellipsis title={t('wb.users.fields.userName')} />
        <Table.Column<AdminUserItem> dataIndex="userType" width={100} title={t('wb.users.fields.userType')} render={(value: string) => t(`wb.users.type.${value}`)} />
        {/* A department path can be long: one line, cut with an ellipsis, the whole path on hover. */}
        <Table.Column<AdminUserItem> dataIndex="deptPath" ellipsis title={t('wb.users.fields.deptId')} render={(value: string | null) => value ?? <Typography.Text type="secondary">{t('wb.common.none')}</Typography.Text>} />
        <Table.Column<AdminUserItem> dataIndex="mobileNo" width={120} title={t('wb.users.fields.mobileNo')} />
        <Table.Column<AdminUserItem> key="state" width={120} title={t('wb.users.state')} render={(_, row) => <UserStateTags user={row} />} />
        <Table.Column<AdminUserItem> dataIndex="createdDate" sorter width={160} title={t('wb.users.createdDate')} render={formatTimeOrBlank} />
        {changes ? (
          <Table.Column<AdminUserItem>
            key="actions"
            width={120}
            title={t('wb.common.actions')}
            render={(_, row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => navigate(`/users/edit/${row.id}`)}>
                  {t('wb.common.edit')}
                </Button>
                {row.enabled ? (
                  // An administrator is not offered to disable their own account (the server refuses it too).
                  <CanAccess resource="users" action="setEnabled" params={{ self: me?.userId === row.userId }}>
                    <ConfirmLink
                      title={t('wb.users.disableConfirm', { name: row.userName })}
                      onConfirm={async () => {
                        await setEnabled.submit({ id: row.id, enabled: false });
                        feedback.success(t('wb.users.disabled'));
                      }}
                      testId={`user-disable-${row.userId}`}
                    >
                      {t('wb.users.disable')}
                    </ConfirmLink>
                  </CanAccess>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    data-testid={`user-enable-${row.userId}`}
                    onClick={async () => {
                      await setEnabled.submit({ id: row.id, enabled: true });
                      feedback.success(t('wb.users.enabledDone'));
                    }}
                  >
                    {t('wb.users.enable')}
                  </Button>
                )}
              </Space>
            )}
          />
        ) : null}
      </Table>
      {may('users', 'importStart') ? <ImportDialog open={importing} onClose={() => setImporting(false)} /> : null}
    </>
  );
}
