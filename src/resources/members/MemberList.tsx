import { ArrowLeftOutlined, DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { CanAccess, useDeleteMany } from '@refinedev/core';
import { App, Button, Result, Space, Typography, type TableColumnsType } from 'antd';
import { useRef, useState, type Key, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { GroupMember } from '../../../contract/schemas/groups';
import { ButtonLink } from '../../shared/components/ButtonLink';
import { PageTitle } from '../../shared/components/PageTitle';
import { useSelectionLabels } from '../../shared/components/useSelectionLabels';
import { useConfirm } from '../../shared/hooks/useConfirm';
import { errorNotice, successNotice } from '../../shared/providers/notificationProvider';
import { tabOf } from '../mailboxes/tabs';
import { orDash } from '../../shared/format';
import { useListTable } from '../../shared/hooks/useListTable';
import type { DialogHandle } from '../shared/useDialogForm';
import { AddMembersDialog } from './AddMembersDialog';
import { ListTable } from '../shared/ListTable';
import { useTranslation } from 'react-i18next';

/** /mailbox/groupMember?groupCode&groupName&activeName: one group's members, added and removed by its manager. */
export default function MemberList() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const groupCode = params.get('groupCode') ?? '';
  const backTo = `/mailbox?activeName=${tabOf(params.get('activeName'))}`;
  const back = (
    <ButtonLink to={backTo} icon={<ArrowLeftOutlined />} data-testid="members-back">
      {t('members.back')}
    </ButtonLink>
  );
  if (!groupCode) return <Result status="warning" title={t('members.noGroup')} extra={back} />;
  return <Members groupCode={groupCode} groupName={params.get('groupName') || groupCode} back={back} />;
}

function Members({ groupCode, groupName, back }: { groupCode: string; groupName: string; back: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { tableProps } = useListTable<GroupMember>('members', { permanent: [{ field: 'groupCode', operator: 'eq', value: groupCode }] });
  const { mutateAsync: removeMany } = useDeleteMany();
  const [selected, setSelected] = useState<Key[]>([]);
  const selectionLabels = useSelectionLabels<GroupMember>((row) => row.userName || row.userId);
  const adding = useRef<DialogHandle>(null);

  function confirmRemove(userIds: string[]) {
    if (userIds.length === 0) {
      void message.warning(t('members.remove.nothingSelected'));
      return;
    }
    confirm({
      title: t('members.remove.title'),
      content: t('members.remove.content', { count: userIds.length }),
      okText: t('members.remove.ok'),
      onOk: async () => {
        try {
          // Refine refreshes the member list after the delete.
          await removeMany({ resource: 'members', ids: userIds, values: { groupCode }, successNotification: successNotice(t('members.remove.done')), errorNotification: errorNotice() });
          setSelected((keys) => keys.filter((k) => !userIds.includes(String(k))));
        } catch {
          // Not the manager any more (403) and the like: toasted.
        }
      },
    });
  }

  const columns: TableColumnsType<GroupMember> = [
    { title: t('members.fields.userName'), dataIndex: 'userName' },
    { title: t('members.fields.userId'), dataIndex: 'userId' },
    { title: t('members.fields.companyName'), dataIndex: 'companyName', render: orDash },
    { title: t('members.fields.deptName'), dataIndex: 'deptName', render: orDash },
    {
      title: t('common.list.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <CanAccess resource="members" action="delete">
          <Button type="link" size="small" danger onClick={() => confirmRemove([row.userId])} data-testid={`member-remove-${row.userId}`}>
            {t('members.remove.action')}
          </Button>
        </CanAccess>
      ),
    },
  ];

  return (
    <section>
      <Space style={{ marginBottom: 8 }} wrap>
        {back}
        <PageTitle style={{ margin: 0 }} testId="members-group-name">
          {t('members.heading', { name: groupName })}
        </PageTitle>
      </Space>
      <Space wrap style={{ display: 'flex', marginBottom: 12 }}>
        <CanAccess resource="members" action="create">
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => adding.current?.open()} data-testid="members-add">
          {t('members.add.open')}
        </Button>
        </CanAccess>
        <CanAccess resource="members" action="delete">
        <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove(selected.map(String))} data-testid="members-remove-batch">
          {t('members.remove.batch')}
        </Button>
        </CanAccess>
        {selected.length ? <Typography.Text type="secondary">{t('members.selected', { count: selected.length })}</Typography.Text> : null}
      </Space>
      <ListTable<GroupMember>
        {...tableProps}
        rowKey="userId"
        columns={columns}
        size="middle"
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true, ...selectionLabels }}
        data-testid="member-table"
      />
      <AddMembersDialog ref={adding} groupCode={groupCode} />
    </section>
  );
}
