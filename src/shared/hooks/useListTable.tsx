import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, HttpError, MetaQuery } from '@refinedev/core';
import type { FormProps, TableProps } from 'antd';
import { LIMITS } from '../../../contract/rules';
import { useKitTexts } from '../kitTexts';
import { filtersToBody } from '../providers/dataProvider';
import { errorNotice } from '../providers/notificationProvider';
import { useListTableProps, type ListTexts } from './useListTableProps';

/** Whether two sets of filters ask the server the same (blank values dropped, in any order). */
function sameBody(a: CrudFilter[], b: CrudFilter[]): boolean {
  const body = (filters: CrudFilter[]) => JSON.stringify(Object.entries(filtersToBody(filters)).sort(([x], [y]) => x.localeCompare(y)));
  return body(a) === body(b);
}

/** Form values → "field equals value" filters; the data provider trims text and drops blank values. */
export function toFilters(values: object): CrudFilter[] {
  return Object.entries(values as Record<string, unknown>).map(([field, value]) => ({ field, operator: 'eq', value }));
}

interface Options<V extends object> {
  /** Filters every page of this list carries (a group's code, a department, a user, a log type). */
  permanent?: CrudFilter[];
  /** The filter form's values on the first load (the log tabs' time window). */
  initialValues?: V;
  /** Form values → filters, when a plain "field equals value" is not enough (time windows). */
  filtersOf?: (values: V) => CrudFilter[];
  /** Passed to the data provider (the log tabs pick their endpoint by meta.variant). */
  meta?: MetaQuery;
  /** Translation keys of the empty and failed-load texts, when the list names its rows; the app's own otherwise. */
  texts?: Partial<ListTexts>;
}

/**
 * The one server-paged list of both apps, on Refine's antd `useTable`: page 1 of 10 to start,
 * sizes from LIMITS, a new size starts again at page 1, query and clear (through
 * `searchFormProps`) go back to page 1 of 10, a count the server stopped at reads "10000+",
 * and a failed load shows the server's message with a retry instead of "no data".
 */
export function useListTable<T extends BaseRecord, V extends object = object>(resource: string, { permanent, initialValues, filtersOf = toFilters, meta, texts = {} }: Options<V> = {}) {
  const kit = useKitTexts();
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
      const next = filtersOf(values);
      // The same conditions on the first page: nothing would change, so the list is asked again
      // (what changed may be the data: another administrator's edit, a department deleted).
      if (table.currentPage === 1 && table.pageSize === LIMITS.defaultPageSize && sameBody([...(permanent ?? []), ...next], table.filters)) void table.tableQuery.refetch();
      table.setPageSize(LIMITS.defaultPageSize);
      return next;
    },
  });
  const { tableProps: base, tableQuery, pageSize } = table;
  const tableProps: TableProps<T> = {
    ...useListTableProps(base, tableQuery, { empty: kit.empty, loadFailed: kit.loadFailed, total: kit.total, ...texts }),
    size: 'middle',
    onChange: (next, filters, sorter, extra) => {
      const current = next.pageSize !== pageSize ? 1 : next.current;
      base.onChange?.({ ...next, current }, filters, sorter, extra);
    },
  };

  const searchFormProps: FormProps<V> = { ...table.searchFormProps, initialValues };
  return { table, tableProps, searchFormProps, reload: () => void tableQuery.refetch(), filters: table.filters };
}
