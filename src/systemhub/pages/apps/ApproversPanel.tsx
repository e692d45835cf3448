import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppPerson } from '../../../../contract/schemas/admin/apps';
import { ConfirmLink } from '../../shared/ConfirmLink';
import { PersonSelect } from '../../../shared/components/PersonSelect';
import { useUserSearch } from '../../shared/useUserSearch';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { AddBar } from './AddBar';
import { LoadFailed } from '../../../shared/components/LoadFailed';

/** Who approves requests for an application: add people, remove them. */
export function ApproversPanel({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const approvers = useEndpointQuery(ENDPOINTS.apps.actions.approvers, { id: appId });
  const add = useEndpointMutation(ENDPOINTS.apps.actions.approversAdd, { refresh: [] });
  const remove = useEndpointMutation(ENDPOINTS.apps.actions.approversRemove, { refresh: [] });

  if (approvers.isError) return <LoadFailed onRetry={approvers.refetch} />;
  return (
    <>
      <AddBar<string>
        picker={(value, onChange) => <PersonSelect<string[]> useSearch={useUserSearch} mode="multiple" allowClear value={value} onChange={(next) => onChange((next as string[] | null) ?? [])} style={{ minWidth: 280 }} aria-label={t('wb.apps.tabs.approvers')} data-testid="approver-select" />}
        add={async (userIdSet) => {
          const answer = await add.submit({ id: appId, userIdSet });
          void approvers.refetch();
          return answer;
        }}
        loading={add.isPending}
        label={t('wb.apps.approvers.add')}
        testId="approver-add"
      />
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
              <ConfirmLink
                title={t('wb.apps.approvers.removeConfirm', { name: person.userName })}
                onConfirm={async () => {
                  await remove.submit({ id: appId, userIdSet: [person.userId] });
                  void approvers.refetch();
                }}
              >
                {t('wb.apps.people.remove')}
              </ConfirmLink>
            ),
          },
        ]}
      />
    </>
  );
}
