import { useShow } from '@refinedev/core';
import { Button, Card, Descriptions, Popconfirm, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AdminGroupRow } from '../../../../contract/schemas/admin/groups';
import type { GroupMember } from '../../../../contract/schemas/groups';
import { feedback } from '../../../shared/providers/feedback';
import { PageHeader } from '../../shared/PageHeader';
import { PersonSelect } from '../../../shared/components/PersonSelect';
import { useUserSearch } from '../../shared/useUserSearch';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { useListTable } from '../../../shared/hooks/useListTable';
import { EditGroupDialog } from './GroupDialogs';
import { NotFound } from '../../shared/NotFound';

/** One group: its fields and manager, and its members (add, remove). */
export default function GroupShow() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { query } = useShow<AdminGroupRow>({ resource: 'groups', id });
  const group = query.data?.data;
  const members = useListTable<GroupMember>('groupMembers', { permanent: [{ field: 'id', operator: 'eq', value: Number(id) }] });
  const add = useEndpointMutation(ENDPOINTS.groups.actions.membersAdd, { refresh: ['groups', 'groupMembers'] });
  const remove = useEndpointMutation(ENDPOINTS.groups.actions.membersRemove, { refresh: ['groups', 'groupMembers'] });
  const [people, setPeople] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);

  if (query.isError) return <NotFound back="/groups" />;
  if (!group) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <>
      <PageHeader title={group.name} back="/groups" extra={<Button onClick={() => setEditing(true)}>{t('wb.common.edit')}</Button>} />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('wb.groups.fields.code')}>{group.code}</Descriptions.Item>
        <Descriptions.Item label={t('wb.groups.fields.kind')}>
          <Tag>{t(`wb.groups.kinds.${group.kind}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('wb.groups.fields.email')}>{group.email ?? t('wb.common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('wb.groups.fields.manager')}>{group.managerUserId ? `${group.managerName ?? ''} (${group.managerUserId})` : t('wb.common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('wb.groups.fields.members')}>{group.memberNumber ?? 0}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t('wb.groups.members')}>
        <Space wrap style={{ marginBottom: 12 }}>
          <PersonSelect<string[]> useSearch={useUserSearch} mode="multiple" allowClear value={people} onChange={(next) => setPeople((next as string[] | null) ?? [])} style={{ minWidth: 280 }} aria-label={t('wb.groups.addMembers')} />
          <Button
            type="primary"
            disabled={!people.length}
            loading={add.isPending}
            onClick={async () => {
              const { added } = await add.submit({ id: group.id, userIdSet: people });
              setPeople([]);
              feedback.success(t('wb.apps.people.added', { count: added }));
            }}
          >
            {t('wb.groups.addMembers')}
          </Button>
        </Space>
        <Table<GroupMember> {...members.tableProps} rowKey="userId">
          <Table.Column<GroupMember> dataIndex="userId" title={t('wb.users.fields.userId')} />
          <Table.Column<GroupMember> dataIndex="userName" title={t('wb.users.fields.userName')} />
          <Table.Column<GroupMember> dataIndex="deptName" title={t('wb.users.fields.deptId')} />
          <Table.Column<GroupMember>
            key="actions"
            title={t('wb.common.actions')}
            render={(_, row) => (
              <Popconfirm title={t('wb.groups.removeMemberConfirm', { name: row.userName })} okButtonProps={{ danger: true }} onConfirm={() => remove.submit({ id: group.id, userIdSet: [row.userId] })}>
                <Button type="link" size="small" danger>
                  {t('wb.apps.people.remove')}
                </Button>
              </Popconfirm>
            )}
          />
        </Table>
      </Card>
      <EditGroupDialog
        row={editing ? group : null}
        onClose={() => {
          setEditing(false);
          void query.refetch();
        }}
      />
    </>
  );
}
