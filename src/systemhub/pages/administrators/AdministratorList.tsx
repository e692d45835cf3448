import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import type { Administrator } from '../../../../contract/schemas/admin/administrators';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { errorCode } from '../../../shared/providers/apiError';
import { useMay } from '../../duty/useMay';
import { ENDPOINTS } from '../../providers/endpoints';
import { PageHeader } from '../../shared/PageHeader';
import { GrantDutyDialog } from './GrantDutyDialog';

const LIST = ENDPOINTS.administrators.list;
/** The last holder of a kept duty is explained above the table, where it stays readable, not in a passing toast. */
const EXPLAINED = [CODE.lastDutyHolder] as const;

/**
 * Who holds which administrator duty. The security administrator grants and removes duties;
 * the audit administrator reads the same list (the buttons follow the endpoints' duties).
 */
export default function AdministratorList() {
  const { t } = useTranslation();
  const may = useMay();
  const { data, isFetching } = useEndpointQuery(LIST, {});
  const revoke = useEndpointMutation(ENDPOINTS.administrators.actions.revoke, { quiet: EXPLAINED, reread: [LIST], success: t('wb.administrators.removed') });
  const [granting, setGranting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const canGrant = may('administrators', 'assign');
  const canRemove = may('administrators', 'revoke');

  const remove = async (row: Administrator) => {
    setRefusal(null);
    try {
      await revoke.submit({ id: row.id });
    } catch (error) {
      // Other refusals were toasted by the hook.
      if (errorCode(error) === CODE.lastDutyHolder) setRefusal((error as Error).message);
    }
  };

  return (
    <>
      <PageHeader
        title={t('wb.administrators.title')}
        extra={
          canGrant ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setGranting(true)} data-testid="admins-grant">
              {t('wb.administrators.grant')}
            </Button>
          ) : null
        }
      />
      {refusal ? (
        <Alert type="warning" showIcon closable onClose={() => setRefusal(null)} style={{ marginBottom: 16 }} message={t('wb.administrators.lastHolder')} description={refusal} data-testid="admins-last-holder" />
      ) : null}
      <Table<Administrator> dataSource={data ?? []} loading={isFetching} rowKey="id" pagination={false} data-testid="admins-table" scroll={{ x: 760 }}>
        <Table.Column<Administrator> dataIndex="account" title={t('wb.administrators.account')} />
        <Table.Column<Administrator> dataIndex="name" title={t('wb.administrators.name')} />
        <Table.Column<Administrator> dataIndex="duty" title={t('wb.administrators.duty')} render={(duty: Administrator['duty']) => <Tag color="blue">{t(`wb.duties.${duty}`)}</Tag>} />
        <Table.Column<Administrator> dataIndex="deptName" title={t('wb.administrators.dept')} render={(name: string | null) => name ?? t('wb.administrators.wholeOrganisation')} />
        <Table.Column<Administrator>
          dataIndex="enabled"
          title={t('wb.administrators.state')}
          render={(enabled: boolean) => (enabled ? <Tag color="green">{t('wb.common.enabled')}</Tag> : <Tag>{t('wb.common.disabled')}</Tag>)}
        />
        {canRemove ? (
          <Table.Column<Administrator>
            key="actions"
            title={t('wb.common.actions')}
            fixed="right"
            width={110}
            render={(_, row) => (
              <Popconfirm
                title={t('wb.administrators.removeTitle')}
                description={t('wb.administrators.removeConfirm', { name: `${row.name} (${row.account})`, duty: t(`wb.duties.${row.duty}`) })}
                okText={t('wb.administrators.remove')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(row)}
              >
                <Button danger size="small" data-testid={`admins-remove-${row.account}`}>
                  {t('wb.administrators.remove')}
                </Button>
              </Popconfirm>
            )}
          />
        ) : null}
      </Table>
      {granting ? <GrantDutyDialog onClose={() => setGranting(false)} /> : null}
    </>
  );
}
