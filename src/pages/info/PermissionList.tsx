import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { useRef } from 'react';
import { permissionEndpoints } from '../../../contract/endpoints/permissions';
import type { PermissionRow } from '../../../contract/schemas/permissions';
import { useConfirm } from '../../shared/hooks/useConfirm';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { useListTable } from '../../shared/hooks/useListTable';
import type { DialogHandle } from '../../resources/shared/useDialogForm';
import { CancelRolesDialog } from './CancelRolesDialog';
import { ListTable } from '../../resources/shared/ListTable';
import { useTranslation } from 'react-i18next';

/** The applications this user may sign in to, with their roles; the user can give either up. */
export function PermissionList() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { tableProps, reload } = useListTable<PermissionRow>('permissions');
  const giveUp = useEndpointMutation(permissionEndpoints.cancelAppPermission, { success: t('info.cancelLogin.done') });
  const cancelRoles = useRef<DialogHandle<PermissionRow>>(null);

  function confirmCancelLogin(row: PermissionRow) {
    confirm({
      title: t('info.cancelLogin.title'),
      content: t('info.cancelLogin.content', { app: row.appName }),
      okText: t('info.cancelLogin.ok'),
      onOk: async () => {
        // Either way the list shows what is true now.
        await giveUp.submit({ appId: row.appId }).catch(() => undefined);
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
          <Button size="small" disabled={row.groupId === null || row.roleNameList.length === 0} onClick={() => cancelRoles.current?.open(row)} data-testid={`cancel-roles-${row.appId}`}>
            {t('info.cancelRoles.action')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div data-testid="permission-table">
        <ListTable<PermissionRow> {...tableProps} rowKey="appId" columns={columns} size="middle" />
      </div>
      <CancelRolesDialog ref={cancelRoles} />
    </>
  );
}
