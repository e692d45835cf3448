import { Button, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PendingRegistration } from '../../../../contract/schemas/admin/registrations';
import { formatTimeOrBlank, orDash } from '../../../shared/format';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { useListTable } from '../../../shared/hooks/useListTable';
import { PageHeader } from '../../shared/PageHeader';
import { ENDPOINTS } from '../../providers/endpoints';

/**
 * Self-registered accounts waiting for approval (registration policy with approval), oldest first:
 * approve (the account can sign in) or reject (it is deleted, freeing its name and phone).
 */
export default function RegistrationList() {
  const { t } = useTranslation();
  const { tableProps } = useListTable<PendingRegistration, Record<string, never>>('registrations');
  const approve = useEndpointMutation(ENDPOINTS.registrations.actions.approve, { refresh: ['registrations', 'users'], success: t('wb.registrations.approved') });
  const reject = useEndpointMutation(ENDPOINTS.registrations.actions.reject, { refresh: ['registrations', 'users'], success: t('wb.registrations.rejected') });

  return (
    <>
      <PageHeader title={t('wb.registrations.title')} />
      <Table<PendingRegistration> {...tableProps} rowKey="id" scroll={{ x: 'max-content' }} locale={{ emptyText: t('wb.registrations.none') }} data-testid="registration-table">
        <Table.Column<PendingRegistration> dataIndex="userId" title={t('wb.registrations.account')} />
        <Table.Column<PendingRegistration> dataIndex="userName" title={t('wb.registrations.name')} />
        <Table.Column<PendingRegistration> dataIndex="mobileNo" title={t('wb.registrations.mobile')} render={orDash} />
        <Table.Column<PendingRegistration> dataIndex="companyName" title={t('wb.registrations.company')} render={orDash} />
        <Table.Column<PendingRegistration> dataIndex="email" title={t('wb.registrations.email')} render={orDash} />
        <Table.Column<PendingRegistration> dataIndex="createdAt" title={t('wb.registrations.createdAt')} render={formatTimeOrBlank} />
        <Table.Column<PendingRegistration>
          key="actions"
          title={t('wb.common.actions')}
          render={(_, row) => (
            <Space>
              <Popconfirm title={t('wb.registrations.approveConfirm', { account: row.userId })} onConfirm={() => approve.submit({ id: row.id }).catch(() => undefined)}>
                <Button type="primary" size="small" data-testid={`registration-approve-${row.userId}`}>
                  {t('wb.registrations.approve')}
                </Button>
              </Popconfirm>
              <Popconfirm title={t('wb.registrations.rejectConfirm', { account: row.userId })} okButtonProps={{ danger: true }} onConfirm={() => reject.submit({ id: row.id }).catch(() => undefined)}>
                <Button danger size="small" data-testid={`registration-reject-${row.userId}`}>
                  {t('wb.registrations.reject')}
                </Button>
              </Popconfirm>
            </Space>
          )}
        />
      </Table>
    </>
  );
}
