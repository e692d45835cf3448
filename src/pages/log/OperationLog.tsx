import { Form, type TableColumnsType } from 'antd';
import { DICTIONARY_TYPES } from '../../../contract/dictionaries';
import { securityEndpoints } from '../../../contract/endpoints/security';
import { LogType } from '../../../contract/enums';
import type { OperationLogRow } from '../../../contract/schemas/account';
import { formatTime } from '../../shared/format';
import { FilterSelect, LogFilters } from './LogFilters';
import { useListTable } from '../../shared/hooks/useListTable';
import { logTableOptions, type LogFilterValues } from './filterValues';
import { useSelectOptions } from './useSelectOptions';
import { ListTable } from '../../resources/shared/ListTable';
import { useTranslation } from 'react-i18next';

/** Personal operation log: account changes, filtered by scene and time. */
export function OperationLog() {
  const { t } = useTranslation();
  const scenes = useSelectOptions(securityEndpoints.commonSelect, { type: DICTIONARY_TYPES.sceneCodes, logType: LogType.OPERATION });
  const { tableProps, searchFormProps } = useListTable<OperationLogRow, LogFilterValues>('logs', logTableOptions(LogType.OPERATION, 'operation'));

  const columns: TableColumnsType<OperationLogRow> = [
    { title: t('logs.fields.createdDate'), dataIndex: 'createdDate', width: 180, sorter: true, render: formatTime },
    { title: t('logs.fields.sceneCode'), dataIndex: 'sceneCode', render: (v: string) => scenes.labelOf(v) },
    { title: t('logs.fields.detail'), dataIndex: 'detail', ellipsis: true, render: (v: string | null) => v || '-' },
    { title: t('logs.fields.ip'), dataIndex: 'ip' },
    { title: t('logs.fields.ipRegion'), dataIndex: 'ipRegion', render: (v: string | null) => v || '-' },
  ];

  return (
    <>
      <LogFilters formProps={searchFormProps} testId="operation-log-filters">
        <Form.Item name="sceneCode" label={t('logs.fields.sceneCode')}>
          <FilterSelect options={scenes.options} loading={scenes.loading} data-testid="filter-scene" />
        </Form.Item>
      </LogFilters>
      <div data-testid="operation-log-table">
        <ListTable<OperationLogRow> {...tableProps} rowKey="id" columns={columns} size="middle" />
      </div>
    </>
  );
}
