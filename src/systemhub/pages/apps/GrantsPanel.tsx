import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupType } from '../../../../contract/enums';
import type { GroupGrant, UserGrant } from '../../../../contract/schemas/admin/apps';
import { feedback } from '../../../providers/feedback';
import { formatTime } from '../../shared/format';
import { GroupSelect } from '../../shared/GroupSelect';
import { UserSelect } from '../../shared/UserSelect';
import { useAdminAction } from '../../shared/useAdminAction';
import { useAdminTable } from '../../shared/useAdminTable';

/** Who may use an application: people granted directly, and groups whose members may. */
export function GrantsPanel({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const byApp = [{ field: 'id', operator: 'eq' as const, value: appId }];
  const users = useAdminTable<UserGrant>('appUserGrants', { permanent: byApp });
  const groups = useAdminTable<GroupGrant>('appGroupGrants', { permanent: byApp });
  const addUsers = useAdminAction('apps', 'userGrantsAdd', ['appUserGrants']);
  const removeUsers = useAdminAction('apps', 'userGrantsRemove', ['appUserGrants']);
  const addGroups = useAdminAction('apps', 'groupGrantsAdd', ['appGroupGrants']);
  const removeGroups = useAdminAction('apps', 'groupGrantsRemove', ['appGroupGrants']);
  const [people, setPeople] = useState<string[]>([]);
  const [chosenGroups, setChosenGroups] = useState<number[]>([]);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" title={t('wb.apps.grants.users')}>
        <Space wrap style={{ marginBottom: 12 }}>
          <UserSelect multiple value={people} onChange={(next) => setPeople((next as string[] | null) ?? [])} style={{ minWidth: 280 }} data-testid="grant-user-select" />
          <Button
            type="primary"
            disabled={!people.length}
            loading={addUsers.isPending}
            data-testid="grant-user-add"
            onClick={async () => {
              const { added } = await addUsers.run({ id: appId, userIdSet: people });
              setPeople([]);
              feedback.success(t('wb.apps.people.added', { count: added }));
            }}
          >
            {t('wb.apps.grants.grant')}
          </Button>
        </Space>
        <Table<UserGrant> {...users.tableProps} rowKey="userId" data-testid="grant-user-table">
          <Table.Column<UserGrant> dataIndex="userId" title={t('wb.users.fields.userId')} />
          <Table.Column<UserGrant> dataIndex="userName" title={t('wb.users.fields.userName')} />
          <Table.Column<UserGrant> dataIndex="deptName" title={t('wb.users.fields.deptId')} />
          <Table.Column<UserGrant> dataIndex="grantedAt" title={t('wb.apps.grants.grantedAt')} render={formatTime} />
          <Table.Column<UserGrant>
            key="actions"
            title={t('wb.common.actions')}
            render={(_, row) => (
              <Popconfirm title={t('wb.apps.grants.revokeUserConfirm', { name: row.userName })} okButtonProps={{ danger: true }} onConfirm={() => removeUsers.run({ id: appId, userIdSet: [row.userId] })}>
                <Button type="link" size="small" danger>
                  {t('wb.apps.grants.revoke')}
                </Button>
              </Popconfirm>
            )}
          />
        </Table>
      </Card>
      <Card size="small" title={t('wb.apps.grants.groups')}>
        <Space wrap style={{ marginBottom: 12 }}>
          <GroupSelect value={chosenGroups} onChange={setChosenGroups} testId="grant-group-select" />
          <Button
            type="primary"
            disabled={!chosenGroups.length}
            loading={addGroups.isPending}
            data-testid="grant-group-add"
            onClick={async () => {
              const { added } = await addGroups.run({ id: appId, groupIdSet: chosenGroups });
              setChosenGroups([]);
              feedback.success(t('wb.apps.people.added', { count: added }));
            }}
          >
            {t('wb.apps.grants.grant')}
          </Button>
        </Space>
        <Table<GroupGrant> {...groups.tableProps} rowKey="groupId" data-testid="grant-group-table">
          <Table.Column<GroupGrant> dataIndex="groupName" title={t('wb.groups.fields.name')} />
          <Table.Column<GroupGrant> dataIndex="groupCode" title={t('wb.groups.fields.code')} />
          <Table.Column<GroupGrant> dataIndex="groupType" title={t('wb.groups.fields.kind')} render={(type: number) => <Tag>{t(type === GroupType.MAIL ? 'wb.groups.kinds.MAIL' : 'wb.groups.kinds.SECURITY')}</Tag>} />
          <Table.Column<GroupGrant> dataIndex="memberNumber" title={t('wb.groups.fields.members')} />
          <Table.Column<GroupGrant> dataIndex="grantedAt" title={t('wb.apps.grants.grantedAt')} render={formatTime} />
          <Table.Column<GroupGrant>
            key="actions"
            title={t('wb.common.actions')}
            render={(_, row) => (
              <Popconfirm title={t('wb.apps.grants.revokeGroupConfirm', { name: row.groupName })} okButtonProps={{ danger: true }} onConfirm={() => removeGroups.run({ id: appId, groupIdSet: [row.groupId] })}>
                <Button type="link" size="small" danger>
                  {t('wb.apps.grants.revoke')}
                </Button>
              </Popconfirm>
            )}
          />
        </Table>
      </Card>
    </Space>
  );
}
