import { CanAccess } from '@refinedev/core';
import { Button, Form, Input, Space, type TableColumnsType } from 'antd';
import { useRef } from 'react';
import { GroupType } from '../../../contract/enums';
import { LIMITS } from '../../../contract/rules';
import type { MailGroup } from '../../../contract/schemas/groups';
import { ButtonLink } from '../../shared/components/ButtonLink';
import { tabOfGroupType } from '../mailboxes/tabs';
import { SearchBar } from '../../shared/components/SearchBar';
import { orDash } from '../../shared/format';
import { useListTable } from '../../shared/hooks/useListTable';
import type { DialogHandle } from '../shared/useDialogForm';
import { TransferDialog } from './TransferDialog';
import { ListTable } from '../shared/ListTable';
import { useTranslation } from 'react-i18next';

/** Link to a group's member page that brings the user back to the same tab. */
export function membersLink(group: MailGroup): string {
  const query = new URLSearchParams({ groupCode: group.groupCode, groupName: group.groupName, activeName: tabOfGroupType(group.groupType) });
  return `/mailbox/groupMember?${query.toString()}`;
}

/** The mail groups (2) or security groups (1) this user manages: edit members, hand over. */
export function GroupList({ groupType }: { groupType: GroupType }) {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useListTable<MailGroup, { groupName?: string }>('groups', { permanent: [{ field: 'groupType', operator: 'eq', value: groupType }] });
  const transfer = useRef<DialogHandle<MailGroup>>(null);

  const columns: TableColumnsType<MailGroup> = [
    { title: t('groups.fields.groupName'), dataIndex: 'groupName' },
    ...(groupType === GroupType.MAIL ? [{ title: t('groups.fields.email'), dataIndex: 'email', render: orDash }] : []),
    { title: t('groups.fields.memberNumber'), dataIndex: 'memberNumber', width: 120 },
    {
      title: t('common.list.actions'),
      key: 'actions',
      width: 200,
      render: (_, row) => (
        <Space size={0}>
          <ButtonLink type="link" size="small" to={membersLink(row)} data-testid={`group-members-${row.groupCode}`}>
            {t('groups.actions.members')}
          </ButtonLink>
          <CanAccess resource="groups" action="transfer">
          <Button type="link" size="small" onClick={() => transfer.current?.open(row)} data-testid={`group-transfer-${row.groupCode}`}>
            {t('groups.actions.transfer')}
          </Button>
          </CanAccess>
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchBar formProps={searchFormProps} testId={`group-filters-${groupType}`}>
        <Form.Item name="groupName" label={t('groups.fields.groupName')}>
          <Input allowClear maxLength={LIMITS.searchMax} style={{ width: 180 }} data-testid="filter-group-name" />
        </Form.Item>
      </SearchBar>
      <ListTable<MailGroup> {...tableProps} rowKey="groupCode" columns={columns} size="middle" data-testid={`group-table-${groupType}`} />
      <TransferDialog ref={transfer} />
    </>
  );
}
