import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter } from '@refinedev/core';
import { Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { LogType } from '../../../contract/enums';
import { LIMITS } from '../../../contract/rules';

export interface LogFilterValues {
  optType?: string;
  sceneCode?: string;
  isSuccess?: 0 | 1;
  range?: [Dayjs, Dayjs] | null;
}

export function defaultRange(): [Dayjs, Dayjs] {
  const now = dayjs();
  return [now.subtract(LIMITS.logWindowDays, 'day'), now];
}

/** Form values → body fields of the log query (times as epoch milliseconds). */
export function toFilters({ range, ...rest }: LogFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = Object.entries(rest).map(([field, value]) => ({ field, operator: 'eq', value }));
  if (range?.[0]) filters.push({ field: 'startTime', operator: 'gte', value: range[0].valueOf() });
  if (range?.[1]) filters.push({ field: 'endTime', operator: 'lte', value: range[1].valueOf() });
  return filters;
}

/**
 * One log tab: a paged Refine table over the logs resource (the operation tab picks its
 * endpoint by variant), its filter form, and query/clear, both of which go back to page 1 at
 * the default size.
 */
export function useLogTable<T extends BaseRecord>(logType: LogType, variant?: 'operation') {
  const [form] = Form.useForm<LogFilterValues>();
  const [initialValues] = useState<LogFilterValues>(() => ({ range: defaultRange() }));
  const table = useTable<T>({
    resource: 'logs',
    meta: variant ? { variant } : undefined,
    syncWithLocation: false,
    pagination: { currentPage: 1, pageSize: LIMITS.defaultPageSize },
    filters: {
      permanent: [{ field: 'logType', operator: 'eq', value: logType }],
      initial: toFilters(initialValues),
      defaultBehavior: 'replace',
    },
  });

  function restart(values: LogFilterValues) {
    table.setFilters(toFilters(values), 'replace');
    table.setCurrentPage(1);
    table.setPageSize(LIMITS.defaultPageSize);
  }

  function clear() {
    form.resetFields();
    // "Now" has moved on since the page opened; the cleared window ends at this moment.
    const values = { range: defaultRange() };
    form.setFieldsValue(values);
    restart(values);
  }

  return { table, form, initialValues, query: restart, clear };
}
