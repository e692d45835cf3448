import { DownloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Descriptions, Flex, Space, Spin, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminAuditTrailEndpoints } from '../../../../contract/endpoints/admin/auditTrail';
import { API_PREFIX } from '../../../../contract/paths';
import type { TrailVerification } from '../../../../contract/schemas/admin/auditTrail';
import { LoadFailed } from '../../../shared/components/LoadFailed';
import { formatTimeOrBlank } from '../../../shared/format';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { PageHeader } from '../../shared/PageHeader';

const STATUS = ENDPOINTS.auditTrail.actions.status;

/** What a verification found: intact, or the kind of tampering and the first bad sequence number. */
function Verification({ result }: { result: TrailVerification }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" data-testid="trail-verification">
      <Descriptions.Item label={t('wb.auditTrail.result')}>
        {result.intact ? (
          <Tag color="green">{t('wb.auditTrail.intact')}</Tag>
        ) : (
          <Tag color="red">{t('wb.auditTrail.broken', { kind: result.kind ? t(`wb.auditTrail.kinds.${result.kind}`) : '', seq: result.firstBadSeq ?? '—' })}</Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('wb.auditTrail.by')}>{result.actor}</Descriptions.Item>
      <Descriptions.Item label={t('wb.auditTrail.finishedAt')}>{formatTimeOrBlank(result.finishedAt)}</Descriptions.Item>
      <Descriptions.Item label={t('wb.auditTrail.covered')}>{t('wb.auditTrail.coveredCount', { records: result.records, checkpoints: result.checkpoints })}</Descriptions.Item>
      <Descriptions.Item label={t('wb.auditTrail.detail')} span={2}>
        <Typography.Text code>{result.detail}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Hands the browser a file it saves (the JSON export is a POST answer, not a link). */
function saveFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/** A date range for auditors, as JSON with the checkpoints that prove it, or as CSV. */
function Export() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const exportJson = useEndpointMutation(ENDPOINTS.auditTrail.actions.export);
  const [from, to] = range ?? [null, null];
  const query = from && to ? { startTime: from.startOf('day').toISOString(), endTime: to.endOf('day').toISOString() } : null;
  const csvHref = query ? `${API_PREFIX}${adminAuditTrailEndpoints.trailExportCsv.path}?${new URLSearchParams(query).toString()}` : undefined;
  return (
    <Card size="small" title={t('wb.auditTrail.exportTitle')} data-testid="trail-export">
      <Flex wrap gap={8} align="center">
        <DatePicker.RangePicker value={range} onChange={(next) => setRange(next)} aria-label={t('wb.auditTrail.range')} />
        <Button
          icon={<DownloadOutlined />}
          disabled={!query}
          loading={exportJson.isPending}
          data-testid="trail-export-json"
          onClick={async () => {
            if (!query) return;
            const proof = await exportJson.submit(query);
            saveFile(`audit-trail-${query.startTime.slice(0, 10)}-${query.endTime.slice(0, 10)}.json`, JSON.stringify(proof, null, 2), 'application/json');
          }}
        >
          {t('wb.auditTrail.exportJson')}
        </Button>
        <Button icon={<DownloadOutlined />} disabled={!query} href={csvHref} data-testid="trail-export-csv">
          {t('wb.auditTrail.exportCsv')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('wb.auditTrail.exportHint')}
      </Typography.Paragraph>
    </Card>
  );
}

/**
 * The audit administrator's view of the tamper-evident trail: the chain's head, newest signed
 * checkpoint and key, the newest verification (by anyone, the command line included), a
 * verification now, and a proven export.
 */
export default function AuditTrailPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, error, refetch } = useEndpointQuery(STATUS, undefined);
  const verify = useEndpointMutation(ENDPOINTS.auditTrail.actions.verify, { reread: [STATUS] });
  // A verification run here is recorded, so the status read again after it shows it.
  const last = data?.lastVerification;

  return (
    <>
      <PageHeader
        title={t('wb.auditTrail.title')}
        extra={
          <Button type="primary" icon={<SafetyOutlined />} loading={verify.isPending} onClick={() => void verify.submit(undefined)} data-testid="trail-verify">
            {t('wb.auditTrail.verify')}
          </Button>
        }
      />
      {isError ? (
        <LoadFailed error={error} onRetry={refetch} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Spin spinning={isLoading}>
            <Card size="small" title={t('wb.auditTrail.chain')}>
              <Descriptions column={{ xs: 1, md: 2 }} size="small" data-testid="trail-status">
                <Descriptions.Item label={t('wb.auditTrail.algorithm')}>{data?.algorithm}</Descriptions.Item>
                <Descriptions.Item label={t('wb.auditTrail.headSeq')}>{data?.headSeq}</Descriptions.Item>
                <Descriptions.Item label={t('wb.auditTrail.lastCheckpoint')}>
                  {data?.lastCheckpoint ? t('wb.auditTrail.checkpointRange', { from: data.lastCheckpoint.seqFrom, to: data.lastCheckpoint.seqTo, time: formatTimeOrBlank(data.lastCheckpoint.createdAt) }) : t('wb.auditTrail.noCheckpoint')}
                </Descriptions.Item>
                <Descriptions.Item label={t('wb.auditTrail.prunedThrough')}>{data?.prunedThrough ? data.prunedThrough : t('wb.common.none')}</Descriptions.Item>
                <Descriptions.Item label={t('wb.auditTrail.key')} span={2}>
                  <Typography.Text code copyable>
                    {data?.keyFingerprint}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Spin>
          <Card size="small" title={t('wb.auditTrail.lastVerification')}>
            {last ? <Verification result={last} /> : <Alert type="info" showIcon message={t('wb.auditTrail.neverVerified')} />}
          </Card>
          <Export />
        </Space>
      )}
    </>
  );
}
