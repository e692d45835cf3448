import { Button, Popconfirm, Result, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPerson } from '../../../../contract/schemas/admin/apps';
import { feedback } from '../../../providers/feedback';
import { UserSelect } from '../../shared/UserSelect';
import { useAdminAction, useAdminQuery } from '../../shared/useAdminAction';

/** Who approves requests for an application: add people, remove them. */
export function ApproversPanel({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const approvers = useAdminQuery('apps', 'approvers', { id: appId });
  const add = useAdminAction('apps', 'approversAdd', []);
  const remove = useAdminAction('apps', 'approversRemove', []);
  const [chosen, setChosen] = useState<string[]>([]);

  if (approvers.isError) return <Result status="warning" title={t('wb.common.loadFailed')} extra={<Button onClick={() => void approvers.refetch()}>{t('wb.common.retry')}</Button>} />;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <UserSelect multiple value={chosen} onChange={(next) => setChosen((next as string[] | null) ?? [])} style={{ minWidth: 280 }} data-testid="approver-select" />
        <Button
          type="primary"
          disabled={!chosen.length}
          loading={add.isPending}
          data-testid="approver-add"
          onClick={async () => {
            const { added } = await add.run({ id: appId, userIdSet: chosen });
            setChosen([]);
            feedback.success(t('wb.apps.people.added', { count: added }));
            void approvers.refetch();
          }}
        >
          {t('wb.apps.approvers.add')}
        </Button>
      </Space>
      <Table<AppPerson>
        size="small"
        rowKey="userId"
        loading={approvers.isFetching}
        dataSource={approvers.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('wb.apps.approvers.none') }}
        data-testid="approver-table"
        columns={[
          { dataIndex: 'userId', title: t('wb.users.fields.userId') },
          { dataIndex: 'userName', title: t('wb.users.fields.userName') },
          { dataIndex: 'deptName', title: t('wb.users.fields.deptId') },
          {
            key: 'actions',
            title: t('wb.common.actions'),
            render: (_, person) => (
              <Popconfirm
                title={t('wb.apps.approvers.removeConfirm', { name: person.userName })}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  await remove.run({ id: appId, userIdSet: [person.userId] });
                  void approvers.refetch();
                }}
              >
                <Button type="link" size="small" danger>
                  {t('wb.apps.people.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}
