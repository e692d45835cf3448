import { Alert, Drawer, Radio, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYNC_OUTCOMES, type SyncOutcome, type SyncReportRow, type SyncRunDetail } from '../../../../contract/schemas/admin/directory';
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

/** A run's report: the outcome picked (a radio group: the rows of seven outcomes wrap on a phone) and its rows with reasons. */
export function ReportTabs({ run }: { run: SyncRunDetail }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<SyncOutcome>(() => SYNC_OUTCOMES.find((o) => run.counts[o] > 0) ?? 'created');
  const rows = run.report[outcome];
  return (
    <>
      {run.dryRun ? <Alert type="info" showIcon message={t('wb.directory.dryRunNote')} style={{ marginBottom: 12 }} /> : null}
      {run.errorMessage ? <Alert type="error" showIcon message={`${t('wb.directory.errorMessage')}: ${run.errorMessage}`} style={{ marginBottom: 12 }} /> : null}
      <RunCounts run={run} />
      <Radio.Group
        value={outcome}
        onChange={(e) => setOutcome(e.target.value as SyncOutcome)}
        optionType="button"
        size="small"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 4, margin: '8px 0' }}
        aria-label={t('wb.directory.report')}
        options={SYNC_OUTCOMES.map((o) => ({ value: o, label: `${t(`wb.directory.${o}`)} (${run.counts[o]})` }))}
      />
      {rows.length < run.counts[outcome] ? <Alert type="warning" message={t('wb.directory.more', { shown: rows.length, total: run.counts[outcome] })} style={{ marginBottom: 8 }} /> : null}
      <Table<SyncReportRow> dataSource={rows} rowKey={(r) => `${r.kind}-${r.name}-${r.dn ?? ''}-${r.reason}`} size="small" pagination={{ pageSize: 20, hideOnSinglePage: true }} scroll={{ x: 600 }}>
        <Table.Column<SyncReportRow> dataIndex="kind" title={t('wb.directory.kind')} width={90} render={(k: string) => <Tag>{t(`wb.directory.kind_${k}`)}</Tag>} />
        <Table.Column<SyncReportRow> dataIndex="name" title={t('wb.directory.name')} width={200} ellipsis />
        <Table.Column<SyncReportRow> dataIndex="reason" title={t('wb.directory.reason')} />
      </Table>
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
