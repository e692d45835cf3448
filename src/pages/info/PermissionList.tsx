import { useCustomMutation } from '@refinedev/core';
import { Button, Space, Table, Tag, type ButtonProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../contract/paths';
import type { PermissionRow } from '../../../contract/schemas/permissions';
import { feedback } from '../../providers/feedback';
import { usePortalTable } from '../../resources/shared/usePortalTable';
import { CancelRolesDialog } from './CancelRolesDialog';

/** The applications this user may sign in to, with their roles; the user can give either up. */
export function PermissionList() {
  const { t } = useTranslation();
  const { tableProps, reload } = usePortalTable<PermissionRow>('permissions');
  const { mutateAsync } = useCustomMutation();
  const [rolesOf, setRolesOf] = useState<PermissionRow | null>(null);

  function confirmCancelLogin(row: PermissionRow) {
    feedback.confirm({
      title: t('info.cancelLogin.title'),
      content: t('info.cancelLogin.content', { app: row.appName }),
      okText: t('info.cancelLogin.ok'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await mutateAsync({ url: paths.auty.cancelAppPermission, method: 'post', values: { appId: row.appId } });
          feedback.success(t('info.cancelLogin.done'));
        } catch {
          // Refusals were shown by the http layer.
        }
        reload();
      },
    });
  }

  const columns: TableColumnsType<PermissionRow> = [
    { title: t('info.permission.appId'), dataIndex: 'appId' },
    { title: t('info.permission.appName'), dataIndex: 'appName' },
    { title: t('info.permission.groupId'), dataIndex: 'groupId', render: (v: number | null) => v ?? '-' },
    {
      title: t('info.permission.roleNameList'),
      dataIndex: 'roleNameList',
      render: (roles: string[]) => (roles.length ? <Space size={[4, 4]} wrap>{roles.map((r) => <Tag key={r}>{r}</Tag>)}</Space> : '-'),
    },
    {
      title: t('info.permission.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space wrap>
          <Button size="small" danger onClick={() => confirmCancelLogin(row)} data-testid={`cancel-login-${row.appId}`}>
            {t('info.cancelLogin.action')}
          </Button>
          <Button size="small" disabled={row.groupId === null || row.roleNameList.length === 0} onClick={() => setRolesOf(row)} data-testid={`cancel-roles-${row.appId}`}>
            {t('info.cancelRoles.action')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div data-testid="permission-table">
        <Table<PermissionRow> {...tableProps} rowKey="appId" columns={columns} size="middle" />
      </div>
      <CancelRolesDialog row={rolesOf} onClose={() => setRolesOf(null)} onDone={reload} />
    </>
  );
}
