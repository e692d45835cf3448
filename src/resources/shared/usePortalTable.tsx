import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, HttpError, MetaQuery } from '@refinedev/core';
import type { FormProps, TableProps } from 'antd';
import { LIMITS } from '../../../contract/rules';
import { useListTableProps } from '../../shared/hooks/useListTableProps';
import { errorNotice } from '../../shared/providers/notificationProvider';

/** Values of a filter form; blank text means "no filter" (the data provider drops empty values). */
export type FilterValues = object;

export function toFilters(values: FilterValues): CrudFilter[] {
  return Object.entries(values as Record<string, unknown>).map(([field, value]) => ({
    field,
    operator: 'eq',
    value: typeof value === 'string' ? value.trim() : value,
  }));
}

interface Options<V extends FilterValues> {
  /** Filters every page of this list carries (a group's code, a group type, a log type). */
  permanent?: CrudFilter[];
  /** The filter form's values on the first load (the log tabs' time window). */
  initialValues?: V;
  /** Form values → filters, when a plain "field equals value" is not enough (time windows). */
  filtersOf?: (values: V) => CrudFilter[];
  /** Passed to the data provider (the log tabs pick their endpoint by meta.variant). */
  meta?: MetaQuery;
  /** Translation keys of the empty and failed-load texts, when the list names its rows. */
  texts?: { empty?: string; loadFailed?: string; total?: string };
}

/**
 * The one paged list of the portal, on Refine's antd `useTable`: page 1 of 10 to start, sizes
 * 10/15/20/25, a new size starts again at page 1, query and clear (through `searchFormProps`)
 * go back to page 1 of 10, a count the server stopped at reads "10000+", and a failed load shows
 * the server's message with a retry instead of "no data".
 */
export function usePortalTable<T extends BaseRecord, V extends FilterValues = FilterValues>(
  resource: string,
  { permanent, initialValues, filtersOf = toFilters, meta, texts = {} }: Options<V> = {},
) {
  const table = useTable<T, HttpError, V>({
    resource,
    meta,
    syncWithLocation: false,
    // The failure shows in the table too (with a retry); the toast says it where the eye is.
    errorNotification: errorNotice(),
    pagination: { currentPage: 1, pageSize: LIMITS.defaultPageSize },
    filters: { permanent, initial: initialValues ? filtersOf(initialValues) : undefined, defaultBehavior: 'replace' },
    // Query and clear: useTable replaces the filters and goes back to page 1; the size goes back to 10.
    onSearch: (values) => {
      table.setPageSize(LIMITS.defaultPageSize);
      return filtersOf(values);
    },
  });
  const { tableProps: base, tableQuery, pageSize } = table;
  const tableProps: TableProps<T> = {
    ...useListTableProps(base, tableQuery, {
      empty: texts.empty ?? 'common.list.empty',
      loadFailed: texts.loadFailed ?? 'common.list.loadFailed',
      total: texts.total ?? 'common.list.total',
    }),
    onChange: (next, filters, sorter, extra) => {
      const current = next.pageSize !== pageSize ? 1 : next.current;
      base.onChange?.({ ...next, current }, filters, sorter, extra);
    },
  };

  const searchFormProps: FormProps<V> = { ...table.searchFormProps, initialValues };

  return { table, tableProps, searchFormProps, reload: () => void tableQuery.refetch() };
}
