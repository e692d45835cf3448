import { InboxOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Modal, Progress, Space, Statistic, Table, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/rules';
import type { ImportCheckResult, ImportRowError, ImportStatus } from '../../../../contract/schemas/admin/usersImport';
import { IMPORT_COLUMNS } from '../../../../contract/schemas/admin/usersImport';
import { codeText } from '../../../shared/providers/codeText';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { ImportPlan, RefusedRowsDownload } from './ImportPlan';

/** How often a running import is asked for its progress. */
const POLL_MS = 500;

type Step = 'choose' | 'checked' | 'running' | 'done';

/** Why a row was refused: its code's message in the reader's language (the code when it is not one). */
function useReason() {
  useTranslation(); // re-render when the language changes
  return (row: ImportRowError) => codeText(row.code, { field: row.field ?? '' });
}

function RowErrors({ errors, testId }: { errors: readonly ImportRowError[]; testId: string }) {
  const { t } = useTranslation();
  const reason = useReason();
  if (!errors.length) return null;
  return (
    <Table<ImportRowError>
      size="small"
      rowKey={(row) => `${row.line}-${row.code}-${row.field ?? ''}`}
      dataSource={[...errors]}
      pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      columns={[
        { dataIndex: 'line', title: t('wb.import.line'), width: 80 },
        { dataIndex: 'account', title: t('wb.users.fields.userId') },
        { key: 'reason', title: t('wb.common.reason'), render: (_, row) => reason(row) },
      ]}
    />
  );
}

/**
 * CSV import in two steps: a dry run that says what each row would do (create, update with its
 * changes, nothing) and lists every row it would refuse (line, reason; downloadable as a file to
 * fix), writing nothing; then the real run, whose progress the server reports while it writes in
 * batches (the bar follows processed / total).
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const check = useEndpointMutation(ENDPOINTS.users.actions.importCheck, { refresh: [] });
  const start = useEndpointMutation(ENDPOINTS.users.actions.importStart, { refresh: [] });
  const status = useEndpointMutation(ENDPOINTS.users.actions.importStatus, { refresh: [] });
  const invalidate = useInvalidate();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [step, setStep] = useState<Step>('choose');
  const [checked, setChecked] = useState<ImportCheckResult | null>(null);
  const [progress, setProgress] = useState<ImportStatus | null>(null);
  const timer = useRef<number | null>(null);

  useEffect(() => () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
  }, []);

  function reset() {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    setCsv(null);
    setFileName('');
    setStep('choose');
    setChecked(null);
    setProgress(null);
  }

  async function runCheck() {
    if (!csv) return;
    setChecked(await check.submit({ csv }));
    setStep('checked');
  }

  async function runImport() {
    if (!csv) return;
    const started = await start.submit({ csv });
    setStep('running');
    setProgress({ total: started.valid, processed: 0, created: 0, updated: 0, unchanged: 0, failed: 0, done: started.valid === 0, errors: [] });
    const poll = async () => {
      try {
        const now = await status.submit({ jobId: started.jobId });
        setProgress(now);
        if (now.done) {
          setStep('done');
          void invalidate({ resource: 'users', invalidates: ['list'] });
        }
        else timer.current = window.setTimeout(() => void poll(), POLL_MS);
      } catch {
        // Shown by the http layer; the dialog keeps the last progress it had.
        setStep('done');
      }
    };
    await poll();
  }

  const percent = progress && progress.total > 0 ? Math.floor((progress.processed / progress.total) * 100) : progress?.done ? 100 : 0;
  const running = step === 'running';

  return (
    <Modal
      open={open}
      title={t('wb.import.title')}
      width={720}
      maskClosable={!running}
      closable={!running}
      destroyOnHidden
      onCancel={() => {
        if (running) return;
        reset();
        onClose();
      }}
      afterClose={reset}
      footer={
        <Space wrap>
          {step === 'choose' ? (
            <Button type="primary" disabled={!csv} loading={check.isPending} onClick={() => void runCheck()} data-testid="import-check">
              {t('wb.import.check')}
            </Button>
          ) : null}
          {step === 'checked' ? (
            <>
              <Button onClick={reset}>{t('wb.import.another')}</Button>
              <Button type="primary" disabled={!checked?.valid} loading={start.isPending} onClick={() => void runImport()} data-testid="import-start">
                {t('wb.import.start', { count: checked?.valid ?? 0 })}
              </Button>
            </>
          ) : null}
          {step === 'done' ? (
            <Button
              type="primary"
              onClick={() => {
                reset();
                onClose();
              }}
              data-testid="import-close"
            >
              {t('wb.common.close')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {step === 'choose' ? (
          <>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('wb.import.columns')} <Typography.Text code>{IMPORT_COLUMNS.join(',')}</Typography.Text>
              <br />
              {t('wb.import.upsertHint')}
            </Typography.Paragraph>
            <Upload.Dragger
              accept=".csv,text/csv"
              maxCount={1}
              showUploadList={false}
              beforeUpload={async (file) => {
                const text = await file.text();
                if (text.length > LIMITS.importCsvMax) {
                  setCsv(null);
                  setFileName('');
                } else {
                  setCsv(text);
                  setFileName(file.name);
                }
                return false;
              }}
              data-testid="import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{fileName || t('wb.import.choose')}</p>
            </Upload.Dragger>
          </>
        ) : null}
        {checked && step === 'checked' ? (
          <>
            <Space size="large" wrap data-testid="import-summary">
              <Statistic title={t('wb.import.total')} value={checked.total} />
              <Statistic title={t('wb.import.valid')} value={checked.valid} valueStyle={{ color: '#389e0d' }} />
              <Statistic title={t('wb.import.creates')} value={checked.creates} />
              <Statistic title={t('wb.import.updates')} value={checked.updates} />
              <Statistic title={t('wb.import.unchanged')} value={checked.unchanged} />
              <Statistic title={t('wb.import.refused')} value={checked.errors.length} valueStyle={{ color: checked.errors.length ? '#cf1322' : undefined }} />
            </Space>
            <ImportPlan plan={checked.plan} />
            {checked.errors.length ? <Alert type="warning" showIcon message={t('wb.import.refusedHint')} /> : <Alert type="success" showIcon message={t('wb.import.allGood')} />}
            <RefusedRowsDownload csv={checked.refusedCsv} />
            <RowErrors errors={checked.errors} testId="import-errors" />
          </>
        ) : null}
        {progress && (step === 'running' || step === 'done') ? (
          <>
            <Progress percent={percent} status={step === 'done' ? (progress.failed ? 'exception' : 'success') : 'active'} data-testid="import-progress" />
            <Space size="large" wrap data-testid="import-result">
              <Statistic title={t('wb.import.processed')} value={progress.processed} suffix={`/ ${progress.total}`} />
              <Statistic title={t('wb.import.created')} value={progress.created} valueStyle={{ color: '#389e0d' }} />
              <Statistic title={t('wb.import.updated')} value={progress.updated} />
              <Statistic title={t('wb.import.unchangedDone')} value={progress.unchanged} />
              <Statistic title={t('wb.import.failed')} value={progress.failed} valueStyle={{ color: progress.failed ? '#cf1322' : undefined }} />
            </Space>
            <RowErrors errors={progress.errors} testId="import-run-errors" />
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
