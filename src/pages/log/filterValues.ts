import type { CrudFilter } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
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
export function toLogFilters({ range, ...rest }: LogFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = Object.entries(rest).map(([field, value]) => ({ field, operator: 'eq', value }));
  if (range?.[0]) filters.push({ field: 'startTime', operator: 'gte', value: range[0].valueOf() });
  if (range?.[1]) filters.push({ field: 'endTime', operator: 'lte', value: range[1].valueOf() });
  return filters;
}

/** The paged-table options of a log tab: its log type, its endpoint variant, the time window. */
export function logTableOptions(logType: number, variant?: 'operation') {
  return {
    permanent: [{ field: 'logType', operator: 'eq', value: logType }] as CrudFilter[],
    meta: variant ? { variant } : undefined,
    initialValues: { range: defaultRange() } as LogFilterValues,
    filtersOf: toLogFilters,
    texts: { empty: 'logs.paging.empty', loadFailed: 'logs.paging.loadFailed', total: 'logs.paging.total' },
  };
}
