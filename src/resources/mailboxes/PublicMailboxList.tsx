import { CanAccess } from '@refinedev/core';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import { useRef } from 'react';
import { LIMITS } from '../../../contract/rules';
import type { PublicMailbox } from '../../../contract/schemas/groups';
import { SearchBar } from '../../shared/components/SearchBar';
import { formatDate, orDash } from '../../shared/format';
import { useListTable } from '../../shared/hooks/useListTable';
import type { DialogHandle } from '../shared/useDialogForm';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { ListTable } from '../shared/ListTable';
import { useTranslation } from 'react-i18next';

interface Filters {
  userName?: string;
  userId?: string;
}

/** The public mailboxes this user manages, by name and account, each with a password reset. */
export function PublicMailboxList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useListTable<PublicMailbox, Filters>('mailboxes');
  const resetting = useRef<DialogHandle<PublicMailbox>>(null);

  const columns: TableColumnsType<PublicMailbox> = [
    { title: t('mailboxes.fields.userName'), dataIndex: 'userName' },
    { title: t('mailboxes.fields.userId'), dataIndex: 'userId' },
    { title: t('mailboxes.fields.deptName'), dataIndex: ['workInfo', 'deptName'], render: orDash },
    { title: t('mailboxes.fields.userExpireDate'), dataIndex: 'userExpireDate', width: 140, render: formatDate },
    {
      title: t('common.list.actions'),
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <CanAccess resource="mailboxes" action="resetPassword" params={{ id: row.userId }}>
          <Button type="link" size="small" onClick={() => resetting.current?.open(row)} data-testid={`mailbox-reset-${row.userId}`}>
            {t('mailboxes.reset.action')}
          </Button>
        </CanAccess>
      ),
    },
  ];

  return (
    <>
      <SearchBar formProps={searchFormProps} testId="mailbox-filters">
        <Form.Item name="userName" label={t('mailboxes.fields.userName')}>
          <Input allowClear maxLength={LIMITS.searchMax} style={{ width: 160 }} data-testid="filter-mailbox-name" />
        </Form.Item>
        <Form.Item name="userId" label={t('mailboxes.fields.userId')}>
          <Input allowClear maxLength={LIMITS.accountMax} style={{ width: 160 }} data-testid="filter-mailbox-account" />
        </Form.Item>
      </SearchBar>
      <ListTable<PublicMailbox> {...tableProps} rowKey="userId" columns={columns} size="middle" data-testid="mailbox-table" />
      <ResetPasswordDialog ref={resetting} />
    </>
  );
}
