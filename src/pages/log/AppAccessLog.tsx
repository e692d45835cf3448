import { Form, Tag, type TableColumnsType } from 'antd';
import { DICTIONARY_TYPES } from '../../../contract/dictionaries';
import { securityEndpoints } from '../../../contract/endpoints/security';
import { LogType } from '../../../contract/enums';
import type { AppLogRow } from '../../../contract/schemas/account';
import { formatTime } from '../../shared/format';
import { FilterSelect, LogFilters } from './LogFilters';
import { useListTable } from '../../shared/hooks/useListTable';
import { logTableOptions, type LogFilterValues } from './filterValues';
import { useSelectOptions } from './useSelectOptions';
import { ListTable } from '../../resources/shared/ListTable';
import { useTranslation } from 'react-i18next';
import { RiskJudgementTag } from '../sign-in-alerts/RiskJudgementTag';

/** Application access log: sign-ins and launches, filtered by type, result and time. */
export function AppAccessLog() {
  const { t } = useTranslation();
  const types = useSelectOptions(securityEndpoints.systemCommonSelect, { type: DICTIONARY_TYPES.accessTypes });
  const { tableProps, searchFormProps } = useListTable<AppLogRow, LogFilterValues>('logs', logTableOptions(LogType.APP_ACCESS));

  const columns: TableColumnsType<AppLogRow> = [
    { title: t('logs.fields.createdDate'), dataIndex: 'createdDate', width: 180, sorter: true, render: formatTime },
    { title: t('logs.fields.optType'), dataIndex: 'optType', render: (v: string) => types.labelOf(v) },
    { title: t('logs.fields.appName'), dataIndex: 'appName', render: (v: string | null) => v || '-' },
    {
      title: t('logs.fields.isSuccess'),
      dataIndex: 'isSuccess',
      render: (ok: boolean) => <Tag color={ok ? 'success' : 'error'}>{t(ok ? 'logs.result.success' : 'logs.result.failure')}</Tag>,
    },
    { title: t('logs.fields.loginMsg'), dataIndex: 'loginMsg', ellipsis: true },
    { title: t('logs.fields.ip'), dataIndex: 'ip' },
    { title: t('logs.fields.deviceName'), dataIndex: 'deviceName', render: (v: string | null) => v || '-' },
    { title: t('alerts.judgement.label'), dataIndex: 'risk', render: (risk: AppLogRow['risk']) => <RiskJudgementTag risk={risk} /> },
  ];

  return (
    <>
      <LogFilters formProps={searchFormProps} testId="app-log-filters">
        <Form.Item name="optType" label={t('logs.fields.optType')}>
          <FilterSelect options={types.options} loading={types.loading} data-testid="filter-opt-type" />
        </Form.Item>
        <Form.Item name="isSuccess" label={t('logs.fields.isSuccess')}>
          <FilterSelect
            style={{ width: 120 }}
            data-testid="filter-success"
            options={[
              { value: 1, label: t('logs.result.success') },
              { value: 0, label: t('logs.result.failure') },
            ]}
          />
        </Form.Item>
      </LogFilters>
      <div data-testid="app-log-table">
        <ListTable<AppLogRow> {...tableProps} rowKey="id" columns={columns} size="middle" />
      </div>
    </>
  );
}
