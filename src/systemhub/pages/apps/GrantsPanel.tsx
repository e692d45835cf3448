import { Card, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupType } from '../../../../contract/enums';
import type { GroupGrant, UserGrant } from '../../../../contract/schemas/admin/apps';
import { ConfirmLink } from '../../shared/ConfirmLink';
import { formatTimeOrBlank } from '../../../shared/format';
import { GroupSelect } from '../../shared/GroupSelect';
import { PersonSelect } from '../../../shared/components/PersonSelect';
import { useUserSearch } from '../../shared/useUserSearch';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { useMay } from '../../duty/useMay';
import { ENDPOINTS } from '../../providers/endpoints';
import { useListTable } from '../../../shared/hooks/useListTable';
import { AddBar } from './AddBar';

/** Who may use an application: people granted directly, and groups whose members may. */
export function GrantsPanel({ appId }: { appId: number }) {
  const { t } = useTranslation();
  // The group picker reads the groups list, which is the system and department administrators'.
  const picksGroups = useMay()('groups', 'list');
  const byApp = [{ field: 'id', operator: 'eq' as const, value: appId }];
  const users = useListTable<UserGrant>('appUserGrants', { permanent: byApp });
  const groups = useListTable<GroupGrant>('appGroupGrants', { permanent: byApp });
  const addUsers = useEndpointMutation(ENDPOINTS.apps.actions.userGrantsAdd, { refresh: ['appUserGrants'] });
  const removeUsers = useEndpointMutation(ENDPOINTS.apps.actions.userGrantsRemove, { refresh: ['appUserGrants'] });
  const addGroups = useEndpointMutation(ENDPOINTS.apps.actions.groupGrantsAdd, { refresh: ['appGroupGrants'] });
  const removeGroups = useEndpointMutation(ENDPOINTS.apps.actions.groupGrantsRemove, { refresh: ['appGroupGrants'] });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" title={t('wb.apps.grants.users')}>
        <AddBar<string>
          picker={(value, onChange) => <PersonSelect<string[]> useSearch={useUserSearch} mode="multiple" allowClear value={value} onChange={(next) => onChange((next as string[] | null) ?? [])} style={{ minWidth: 280 }} aria-label={t('wb.apps.grants.users')} data-testid="grant-user-select" />}
          add={(userIdSet) => addUsers.submit({ id: appId, userIdSet })}
          loading={addUsers.isPending}
          label={t('wb.apps.grants.grant')}
          testId="grant-user-add"
        />
        <Table<UserGrant> {...users.tableProps} rowKey="userId" data-testid="grant-user-table">
          <Table.Column<UserGrant> dataIndex="userId" title={t('wb.users.fields.userId')} />
          <Table.Column<UserGrant> dataIndex="userName" title={t('wb.users.fields.userName')} />
          <Table.Column<UserGrant> dataIndex="deptName" title={t('wb.users.fields.deptId')} />
          <Table.Column<UserGrant> dataIndex="grantedAt" title={t('wb.apps.grants.grantedAt')} render={formatTimeOrBlank} />
          <Table.Column<UserGrant>
            key="actions"
            title={t('wb.common.actions')}
            render={(_, row) => (
              <ConfirmLink title={t('wb.apps.grants.revokeUserConfirm', { name: row.userName })} onConfirm={() => removeUsers.submit({ id: appId, userIdSet: [row.userId] })}>
                {t('wb.apps.grants.revoke')}
              </ConfirmLink>
            )}
          />
        </Table>
      </Card>
      <Card size="small" title={t('wb.apps.grants.groups')}>
        {picksGroups ? (
          <AddBar<number>
            picker={(value, onChange) => <GroupSelect value={value} onChange={onChange} aria-label={t('wb.apps.grants.groups')} testId="grant-group-select" />}
            add={(groupIdSet) => addGroups.submit({ id: appId, groupIdSet })}
            loading={addGroups.isPending}
            label={t('wb.apps.grants.grant')}
            testId="grant-group-add"
          />
        ) : null}
        <Table<GroupGrant> {...groups.tableProps} rowKey="groupId" data-testid="grant-group-table">
          <Table.Column<GroupGrant> dataIndex="groupName" title={t('wb.groups.fields.name')} />
          <Table.Column<GroupGrant> dataIndex="groupCode" title={t('wb.groups.fields.code')} />
          <Table.Column<GroupGrant> dataIndex="groupType" title={t('wb.groups.fields.kind')} render={(type: number) => <Tag>{t(type === GroupType.MAIL ? 'wb.groups.kinds.MAIL' : 'wb.groups.kinds.SECURITY')}</Tag>} />
          <Table.Column<GroupGrant> dataIndex="memberNumber" title={t('wb.groups.fields.members')} />
          <Table.Column<GroupGrant> dataIndex="grantedAt" title={t('wb.apps.grants.grantedAt')} render={formatTimeOrBlank} />
          <Table.Column<GroupGrant>
            key="actions"
            title={t('wb.common.actions')}
            render={(_, row) => (
              <ConfirmLink title={t('wb.apps.grants.revokeGroupConfirm', { name: row.groupName })} onConfirm={() => removeGroups.submit({ id: appId, groupIdSet: [row.groupId] })}>
                {t('wb.apps.grants.revoke')}
              </ConfirmLink>
            )}
          />
        </Table>
      </Card>
    </Space>
  );
}
