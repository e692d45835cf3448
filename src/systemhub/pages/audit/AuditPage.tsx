import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminAuditEndpoints } from '../../../../contract/endpoints/admin/audit';
import { LogResult } from '../../../../contract/enums';
import { LIMITS } from '../../../../contract/rules';
import type { AdminOperationLogRow, AdminSignInLogRow } from '../../../../contract/schemas/admin/audit';
import { formatTimeOrBlank } from '../../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { SearchBar } from '../../../shared/components/SearchBar';
import { useListTable } from '../../../shared/hooks/useListTable';
import { isLanguage } from '../../../shared/providers/i18nProvider';
import { ChangeDiff, ChangesColumnTitle } from './ChangeDiff';
import { logExportHref, logFiltersOf, type LogFilterValues } from './logFilters';
import { methodOptions, methodWords, resultWords, sceneOptions, sceneWords } from './logWords';
import { targetWords } from './targetWords';
import { RISK_LEVELS, RISK_SIGNALS } from '../../../../contract/schemas/risk';
import { RiskJudgement } from '../../shared/RiskJudgement';

function Common() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="userId" label={t('wb.audit.person')}>
        <Input allowClear maxLength={LIMITS.accountMax} style={{ width: 150 }} placeholder={t('wb.audit.personHint')} />
      </Form.Item>
      <Form.Item name="ip" label={t('wb.audit.ip')}>
        <Input allowClear maxLength={LIMITS.ipMax} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="range" label={t('wb.common.time')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
    </>
  );
}

/** A picker that finds its option by the words typed ("通行密钥", "passkey"). */
const byWords = (input: string, option?: { label?: unknown }) => String(option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase());

const who = (row: { userId: string; userName: string | null }) => (row.userName ? `${row.userName} (${row.userId})` : row.userId);

function SignInLog() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const { tableProps, searchFormProps, filters } = useListTable<AdminSignInLogRow, LogFilterValues>('signInLog', { filtersOf: logFiltersOf });
  return (
    <>
      <SearchBar
        formProps={searchFormProps}
        testId="signin-log-search"
        extra={
          <Button icon={<DownloadOutlined />} href={logExportHref(adminAuditEndpoints.signInLogExport.path, filters)} data-testid="signin-log-export">
            {t('wb.common.downloadCsv')}
          </Button>
        }
      >
        <Common />
        <Form.Item name="appId" label={t('wb.audit.appId')}>
          <Input allowClear maxLength={LIMITS.appIdMax} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="result" label={t('wb.audit.result')}>
          <Select allowClear style={{ width: 110 }} placeholder={t('wb.common.all')} options={Object.values(LogResult).map((value) => ({ value, label: t(`wb.audit.results.${value}`) }))} />
        </Form.Item>
        <Form.Item name="optType" label={t('wb.audit.optType')}>
          <Select allowClear showSearch filterOption={byWords} style={{ width: 170 }} placeholder={t('wb.common.all')} options={methodOptions(lang)} data-testid="signin-log-method" />
        </Form.Item>
        <Form.Item name="riskLevel" label={t('wb.risk.level_label')}>
          <Select allowClear style={{ width: 100 }} placeholder={t('wb.common.all')} options={RISK_LEVELS.map((value) => ({ value, label: t(`wb.risk.level.${value}`) }))} data-testid="signin-log-risk-level" />
        </Form.Item>
        <Form.Item name="riskSignal" label={t('wb.risk.signals_label')}>
          <Select allowClear style={{ width: 150 }} placeholder={t('wb.common.all')} options={RISK_SIGNALS.map((value) => ({ value, label: t(`wb.risk.signal.${value}`) }))} data-testid="signin-log-risk-signal" />
        </Form.Item>
      </SearchBar>
      <Table<AdminSignInLogRow> {...tableProps} rowKey="id" data-testid="signin-log-table" tableLayout="fixed">
        <Table.Column<AdminSignInLogRow> dataIndex="createdDate" title={t('wb.common.time')} width={170} sorter render={formatTimeOrBlank} />
        <Table.Column<AdminSignInLogRow> key="who" title={t('wb.audit.person')} width={170} ellipsis render={(_, row) => who(row)} />
        <Table.Column<AdminSignInLogRow> dataIndex="optType" title={t('wb.audit.optType')} width={140} render={(code: string) => methodWords(code, lang)} />
        <Table.Column<AdminSignInLogRow> dataIndex="appName" title={t('wb.audit.appId')} width={130} ellipsis />
        <Table.Column<AdminSignInLogRow>
          key="result"
          title={t('wb.audit.result')}
          width={220}
          render={(_, row) =>
            row.isSuccess ? (
              <Tag color="green">{t('wb.audit.results.SUCCESS')}</Tag>
            ) : (
              <Tooltip title={row.resultCode}>
                <Tag color="red" style={{ whiteSpace: 'normal' }}>{resultWords(row.resultCode)}</Tag>
              </Tooltip>
            )
          }
        />
        <Table.Column<AdminSignInLogRow> key="risk" title={t('wb.risk.level_label')} width={150} render={(_, row) => <RiskJudgement risk={row.risk} />} />
        <Table.Column<AdminSignInLogRow> dataIndex="ip" title={t('wb.audit.ip')} width={130} />
        <Table.Column<AdminSignInLogRow> dataIndex="deviceName" title={t('wb.audit.device')} ellipsis />
      </Table>
    </>
  );
}

function OperationLog() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const { tableProps, searchFormProps, filters } = useListTable<AdminOperationLogRow, LogFilterValues>('operationLog', { filtersOf: logFiltersOf });
  return (
    <>
      <SearchBar
        formProps={searchFormProps}
        testId="operation-log-search"
        extra={
          <Button icon={<DownloadOutlined />} href={logExportHref(adminAuditEndpoints.operationLogExport.path, filters)} data-testid="operation-log-export">
            {t('wb.common.downloadCsv')}
          </Button>
        }
      >
        <Common />
        <Form.Item name="sceneCode" label={t('wb.audit.sceneCode')}>
          <Select allowClear showSearch filterOption={byWords} style={{ width: 220 }} placeholder={t('wb.common.all')} options={sceneOptions(lang)} data-testid="operation-log-scene" />
        </Form.Item>
        <Form.Item name="target" label={t('wb.audit.target')}>
          <Input allowClear maxLength={LIMITS.textMax} style={{ width: 150 }} placeholder="user: / policy:" />
        </Form.Item>
      </SearchBar>
      <Table<AdminOperationLogRow>
        {...tableProps}
        rowKey="id"
        data-testid="operation-log-table"
        tableLayout="fixed"
        expandable={{ columnTitle: <ChangesColumnTitle />, rowExpandable: (row) => row.changes !== null, expandedRowRender: (row) => <ChangeDiff changes={row.changes} /> }}
      >
        <Table.Column<AdminOperationLogRow> dataIndex="createdDate" title={t('wb.common.time')} width={170} sorter render={formatTimeOrBlank} />
        <Table.Column<AdminOperationLogRow> key="who" title={t('wb.audit.person')} width={170} ellipsis render={(_, row) => who(row)} />
        <Table.Column<AdminOperationLogRow> dataIndex="sceneCode" title={t('wb.audit.sceneCode')} width={190} render={(code: string) => <Tooltip title={code}>{sceneWords(code, lang)}</Tooltip>} />
        <Table.Column<AdminOperationLogRow> key="target" title={t('wb.audit.target')} width={200} ellipsis render={(_, row) => targetWords(row.target, row.targetName, t)} />
        <Table.Column<AdminOperationLogRow> dataIndex="detail" title={t('wb.audit.detail')} ellipsis render={(text: string | null) => <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>} />
        <Table.Column<AdminOperationLogRow> dataIndex="ip" title={t('wb.audit.ip')} width={130} />
      </Table>
    </>
  );
}

/** The organisation's sign-in log and operation log (administrators' changes with before and after). */
export default function AuditPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('wb.audit.title')} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'signIn', label: t('wb.audit.signInLog'), children: <SignInLog /> },
          { key: 'operation', label: t('wb.audit.operationLog'), children: <OperationLog /> },
        ]}
      />
    </>
  );
}
