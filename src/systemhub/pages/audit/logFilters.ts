import type { CrudFilter } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import { API_PREFIX } from '../../../../contract/paths';
import { filtersToBody } from '../../../shared/providers/dataProvider';
import { toFilters } from '../../../shared/hooks/useListTable';

export interface LogFilterValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  [field: string]: unknown;
}

/** The time range as startTime/endTime (epoch ms, the whole of each chosen day in the reader's time). */
export function logFiltersOf({ range, ...rest }: LogFilterValues): CrudFilter[] {
  return [
    ...toFilters(rest),
    { field: 'startTime', operator: 'eq', value: range?.[0] ? range[0].startOf('day').valueOf() : undefined },
    { field: 'endTime', operator: 'eq', value: range?.[1] ? range[1].endOf('day').valueOf() : undefined },
  ];
}

/** A log's CSV download with the list's current filters. */
export function logExportHref(path: string, filters: readonly CrudFilter[]): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersToBody(filters))) query.set(key, String(value));
  const qs = query.toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}
