import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, HttpError } from '@refinedev/core';
import type { FormProps, TableProps } from 'antd';
import { LIMITS } from '../../../contract/rules';
import { useListTableProps } from '../../shared/hooks/useListTableProps';

/** Form values → "field equals value" filters; blank ones are dropped by the data provider. */
export function toFilters(values: object): CrudFilter[] {
  return Object.entries(values as Record<string, unknown>).map(([field, value]) => ({ field, operator: 'eq', value }));
}

interface Options<V extends object> {
  /** Filters every page of this list carries (a department, a user). */
  permanent?: CrudFilter[];
  initialValues?: V;
  filtersOf?: (values: V) => CrudFilter[];
  /** Rows shown before the first change of page size. */
  pageSize?: number;
}

/**
 * A server-paged list on Refine's antd useTable: the search form's values go to the server as
 * filters (back to page 1), page and size are sent as pageNum/pageSize, and the table shows
 * loading, empty and failed states (a failed load offers a retry rather than "no data").
 */
export function useAdminTable<T extends BaseRecord, V extends object = object>(resource: string, options: Options<V> = {}) {
  const { permanent, initialValues, filtersOf = toFilters, pageSize = LIMITS.defaultPageSize } = options;
  const table = useTable<T, HttpError, V>({
    resource,
    syncWithLocation: false,
    pagination: { currentPage: 1, pageSize },
    filters: { permanent, initial: initialValues ? filtersOf(initialValues) : undefined, defaultBehavior: 'replace' },
    onSearch: (values) => filtersOf(values),
  });
  const { tableProps: base, tableQuery } = table;
  const tableProps: TableProps<T> = {
    ...useListTableProps(base, tableQuery, { empty: 'wb.common.empty', loadFailed: 'wb.common.loadFailed', total: 'wb.common.total', retry: 'wb.common.retry' }),
    size: 'middle',
  };

  const searchFormProps: FormProps<V> = { ...table.searchFormProps, initialValues };
  return { table, tableProps, searchFormProps, reload: () => void tableQuery.refetch(), filters: table.filters };
}
