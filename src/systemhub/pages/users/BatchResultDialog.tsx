import { Alert, Button, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import type { OutputOf } from '../../../../contract/endpoint';
import type { adminUsersEndpoints } from '../../../../contract/endpoints/admin/users';
import { codeText } from '../../../shared/providers/codeText';

export type BatchOutcome = { action: string; result: OutputOf<typeof adminUsersEndpoints.userBatch> };
type Row = OutputOf<typeof adminUsersEndpoints.userBatch>['results'][number];

/** What a bulk action did: how many it changed, and each person it refused with the reason in words. */
export function BatchResultDialog({ outcome, open, onClose }: { outcome: BatchOutcome | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const refused = outcome?.result.results.filter((r) => r.code !== CODE.ok) ?? [];
  return (
    <Modal
      open={open && outcome !== null}
      title={outcome ? t('wb.users.batch.resultTitle', { action: t(`wb.users.batch.action.${outcome.action}`) }) : null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={<Button type="primary" onClick={onClose} data-testid="batch-result-close">{t('wb.common.close')}</Button>}
    >
      {outcome ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="batch-result">
          <Alert
            type={refused.length ? 'warning' : 'success'}
            showIcon
            message={
              <Space size="large">
                <span data-testid="batch-succeeded">{t('wb.users.batch.succeeded', { count: outcome.result.succeeded })}</span>
                {refused.length ? <span data-testid="batch-failed">{t('wb.users.batch.failed', { count: outcome.result.failed })}</span> : null}
              </Space>
            }
          />
          {refused.length ? (
            <>
              <Typography.Text>{t('wb.users.batch.refusedIntro')}</Typography.Text>
              <Table<Row> dataSource={refused} rowKey="id" size="small" pagination={false} scroll={{ y: 320 }} data-testid="batch-refused">
                {/* A person deleted in the meantime has no account left to name: their id stands in. */}
                <Table.Column<Row> key="person" title={t('wb.users.batch.person')} render={(_, row) => row.account ?? `#${row.id}`} />
                <Table.Column<Row> dataIndex="code" title={t('wb.common.reason')} render={(code: string) => codeText(code)} />
              </Table>
            </>
          ) : null}
        </Space>
      ) : null}
    </Modal>
  );
}
