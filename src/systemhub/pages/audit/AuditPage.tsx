import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminAuditEndpoints } from '../../../../contract/endpoints/admin/audit';
import { LogResult } from '../../../../contract/enums';
import { LIMITS } from '../../../../contract/rules';
import type { AdminOperationLogRow, AdminSignInLogRow } from '../../../../contract/schemas/admin/audit';
import { formatTimeOrBlank } from '../../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { SearchBar } from '../../../shared/components/SearchBar';
import { useListTable } from '../../../shared/hooks/useListTable';
import { logExportHref, logFiltersOf, type LogFilterValues } from './logFilters';

function Common() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="userId" label={t('wb.audit.userId')}>
        <Input allowClear maxLength={LIMITS.accountMax} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="ip" label={t('wb.audit.ip')}>
        <Input allowClear maxLength={LIMITS.ipMax} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="range" label={t('wb.common.time')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
    </>
  );
}

function SignInLog() {
  const { t } = useTranslation();
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
          <Input allowClear maxLength={LIMITS.appIdMax} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="result" label={t('wb.audit.result')}>
          <Select allowClear style={{ width: 110 }} placeholder={t('wb.common.all')} options={Object.values(LogResult).map((value) => ({ value, label: t(`wb.audit.results.${value}`) }))} />
        </Form.Item>
        <Form.Item name="optType" label={t('wb.audit.optType')}>
          <Input allowClear maxLength={LIMITS.typeCodeMax} style={{ width: 120 }} />
        </Form.Item>
      </SearchBar>
      <Table<AdminSignInLogRow> {...tableProps} rowKey="id" data-testid="signin-log-table">
        <Table.Column<AdminSignInLogRow> dataIndex="createdDate" title={t('wb.common.time')} render={formatTimeOrBlank} />
        <Table.Column<AdminSignInLogRow> key="who" title={t('wb.audit.userId')} render={(_, row) => (row.userName ? `${row.userName} (${row.userId})` : row.userId)} />
        <Table.Column<AdminSignInLogRow> dataIndex="optType" title={t('wb.audit.optType')} />
        <Table.Column<AdminSignInLogRow> dataIndex="appName" title={t('wb.audit.appId')} />
        <Table.Column<AdminSignInLogRow>
          key="result"
          title={t('wb.audit.result')}
          render={(_, row) => <Tag color={row.isSuccess ? 'green' : 'red'}>{row.isSuccess ? t('wb.audit.results.SUCCESS') : `${row.resultCode} ${row.loginMsg}`}</Tag>}
        />
        <Table.Column<AdminSignInLogRow> dataIndex="ip" title={t('wb.audit.ip')} />
        <Table.Column<AdminSignInLogRow> dataIndex="deviceName" title={t('wb.audit.device')} />
      </Table>
    </>
  );
}

/** Before and after of an administrator's change, as readable JSON. */
function Changes({ changes }: { changes: AdminOperationLogRow['changes'] }) {
  const { t } = useTranslation();
  if (!changes) return null;
  const show = (value: unknown) => (value === undefined || value === null ? '—' : JSON.stringify(value, null, 2));
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }} data-testid="operation-changes">
      <div style={{ minWidth: 240, flex: 1 }}>
        <Typography.Text strong>{t('wb.audit.before')}</Typography.Text>
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>{show(changes.before)}</pre>
      </div>
      <div style={{ minWidth: 240, flex: 1 }}>
        <Typography.Text strong>{t('wb.audit.after')}</Typography.Text>
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>{show(changes.after)}</pre>
      </div>
    </div>
  );
}

function OperationLog() {
  const { t } = useTranslation();
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
          <Input allowClear maxLength={LIMITS.typeCodeMax} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="target" label={t('wb.audit.target')}>
          <Input allowClear maxLength={LIMITS.textMax} style={{ width: 160 }} placeholder="user: / policy:" />
        </Form.Item>
      </SearchBar>
      <Table<AdminOperationLogRow> {...tableProps} rowKey="id" data-testid="operation-log-table" expandable={{ rowExpandable: (row) => row.changes !== null, expandedRowRender: (row) => <Changes changes={row.changes} /> }}>
        <Table.Column<AdminOperationLogRow> dataIndex="createdDate" title={t('wb.common.time')} render={formatTimeOrBlank} />
        <Table.Column<AdminOperationLogRow> key="who" title={t('wb.audit.userId')} render={(_, row) => `${row.userName} (${row.userId})`} />
        <Table.Column<AdminOperationLogRow> dataIndex="sceneCode" title={t('wb.audit.sceneCode')} />
        <Table.Column<AdminOperationLogRow> dataIndex="target" title={t('wb.audit.target')} />
        <Table.Column<AdminOperationLogRow> dataIndex="detail" title={t('wb.audit.detail')} render={(text: string | null) => <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>{text}</Typography.Text>} />
        <Table.Column<AdminOperationLogRow> dataIndex="ip" title={t('wb.audit.ip')} />
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
