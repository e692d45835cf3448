import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, HttpError } from '@refinedev/core';
import { Button, Empty, Result, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../contract/rules';

const PAGE_SIZES = LIMITS.pageSizeOptions.map(String);

/** Values of a filter form; blank text means "no filter" (the data provider drops empty values). */
export type FilterValues = object;

export function toFilters(values: FilterValues): CrudFilter[] {
  return Object.entries(values as Record<string, unknown>).map(([field, value]) => ({
    field,
    operator: 'eq',
    value: typeof value === 'string' ? value.trim() : value,
  }));
}

interface Options {
  /** Filters every page of this list carries (a group's code, a group type). */
  permanent?: CrudFilter[];
}

/**
 * A paged Refine list over one of the portal's resources with the spec's list rules: page 1 of
 * 10 to start, sizes 10/15/20/25, a new size starts again at page 1, query and clear go back to
 * page 1 of 10, a count the server stopped at reads "10000+", and a failed load shows the
 * server's message with a retry instead of "no data".
 */
export function usePortalTable<T extends BaseRecord>(resource: string, { permanent }: Options = {}) {
  const { t } = useTranslation();
  const table = useTable<T, HttpError>({
    resource,
    syncWithLocation: false,
    pagination: { currentPage: 1, pageSize: LIMITS.defaultPageSize },
    filters: { permanent, defaultBehavior: 'replace' },
  });
  const { tableProps: base, tableQuery, pageSize, setFilters, setCurrentPage, setPageSize } = table;
  const capped = tableQuery.data?.totalCapped === true;

  const emptyText = tableQuery.isError ? (
    <Result
      status="warning"
      title={t('common.list.loadFailed')}
      subTitle={tableQuery.error?.message}
      extra={<Button onClick={() => void tableQuery.refetch()}>{t('common.actions.retry')}</Button>}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.list.empty')} />
  );

  const tableProps: TableProps<T> = {
    ...base,
    // A failed load leaves no rows behind from an earlier answer.
    dataSource: tableQuery.isError ? [] : base.dataSource,
    loading: tableQuery.isFetching,
    // Narrow screens scroll the table sideways instead of wrapping every cell letter by letter.
    scroll: { x: 'max-content' },
    locale: { emptyText },
    pagination: base.pagination
      ? {
          ...base.pagination,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total: number) => t('common.list.total', { total: capped ? `${total}+` : total }),
        }
      : false,
    onChange: (next, filters, sorter, extra) => {
      const current = next.pageSize !== pageSize ? 1 : next.current;
      base.onChange?.({ ...next, current }, filters, sorter, extra);
    },
  };

  /** Query and clear: new filters, back to the first page at the default size. */
  function search(values: FilterValues) {
    setFilters(toFilters(values), 'replace');
    setCurrentPage(1);
    setPageSize(LIMITS.defaultPageSize);
  }

  return { table, tableProps, search, reload: () => void tableQuery.refetch() };
}
