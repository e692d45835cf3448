import { Alert, Drawer, Skeleton, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SYNC_OUTCOMES, type SyncReportRow, type SyncRunDetail } from '../../../../contract/schemas/admin/directory';
import { useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';

/** The counts of a run as tags, one per outcome. */
export function RunCounts({ run }: { run: Pick<SyncRunDetail, 'counts'> }) {
  const { t } = useTranslation();
  return (
    <span data-testid="directory-counts">
      {SYNC_OUTCOMES.map((o) => (
        <Tag key={o} color={o === 'failed' && run.counts[o] ? 'red' : run.counts[o] ? 'blue' : undefined} style={{ marginBottom: 4 }}>
          {t(`wb.directory.${o}`)} {run.counts[o]}
        </Tag>
      ))}
    </span>
  );
}

/** A run's report: one tab per outcome with its rows and reasons. */
export function ReportTabs({ run }: { run: SyncRunDetail }) {
  const { t } = useTranslation();
  return (
    <>
      {run.dryRun ? <Alert type="info" showIcon message={t('wb.directory.dryRunNote')} style={{ marginBottom: 12 }} /> : null}
      {run.errorMessage ? <Alert type="error" showIcon message={`${t('wb.directory.errorMessage')}: ${run.errorMessage}`} style={{ marginBottom: 12 }} /> : null}
      <RunCounts run={run} />
      <Tabs
        items={SYNC_OUTCOMES.map((o) => ({
          key: o,
          label: `${t(`wb.directory.${o}`)} (${run.counts[o]})`,
          children: (
            <>
              {run.report[o].length < run.counts[o] ? <Alert type="warning" message={t('wb.directory.more', { shown: run.report[o].length, total: run.counts[o] })} style={{ marginBottom: 8 }} /> : null}
              <Table<SyncReportRow> dataSource={run.report[o]} rowKey={(r, i) => `${r.kind}-${r.name}-${i}`} size="small" pagination={{ pageSize: 20, hideOnSinglePage: true }} scroll={{ x: 600 }}>
                <Table.Column<SyncReportRow> dataIndex="kind" title={t('wb.directory.kind')} width={90} render={(k: string) => <Tag>{t(`wb.directory.kind_${k}`)}</Tag>} />
                <Table.Column<SyncReportRow> dataIndex="name" title={t('wb.directory.name')} width={200} ellipsis />
                <Table.Column<SyncReportRow> dataIndex="reason" title={t('wb.directory.reason')} />
              </Table>
            </>
          ),
        }))}
      />
    </>
  );
}

/** A stored run's report, read when the drawer opens. */
export function RunReportDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useEndpointQuery(ENDPOINTS.directory.actions.run, { id: id ?? '' }, { enabled: !!id });
  return (
    <Drawer open={!!id} onClose={onClose} title={t('wb.directory.report')} width="min(820px, 100vw)" destroyOnHidden>
      {isLoading || !data ? <Skeleton active /> : <ReportTabs run={data} />}
    </Drawer>
  );
}
