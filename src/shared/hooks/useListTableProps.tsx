import type { BaseRecord } from '@refinedev/core';
import { Empty, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../contract/rules';
import { LoadFailed } from '../components/LoadFailed';

const PAGE_SIZES = LIMITS.pageSizeOptions.map(String);

/** Translation keys of a list's texts (each app names them in its own namespace). */
export interface ListTexts {
  empty: string;
  loadFailed: string;
  /** Gets `total` (with "+" when the server stopped counting) and `count`. */
  total: string;
}

interface ListQuery {
  isError: boolean;
  isFetching: boolean;
  error?: { message?: string } | null;
  refetch: () => unknown;
  data?: { total?: number; totalCapped?: boolean };
}

/**
 * What a server-paged list shows around Refine's antd useTable, in the portal and the workbench
 * alike: a failed load offers the server's reason and a retry (and leaves no rows from an earlier
 * answer) instead of "no data", sizes from LIMITS, a count the server stopped at reads "10000+",
 * and narrow screens scroll the table sideways.
 */
export function useListTableProps<T extends BaseRecord>(base: TableProps<T>, query: ListQuery, texts: ListTexts): TableProps<T> {
  const { t } = useTranslation();
  const capped = query.data?.totalCapped === true;
  const emptyText = query.isError ? (
    <LoadFailed title={t(texts.loadFailed)} error={query.error} onRetry={query.refetch} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(texts.empty)} />
  );
  return {
    ...base,
    // A failed load leaves no rows behind from an earlier answer.
    dataSource: query.isError ? [] : base.dataSource,
    loading: query.isFetching,
    // Narrow screens scroll the table sideways instead of wrapping every cell letter by letter.
    scroll: { x: 'max-content' },
    locale: { emptyText },
    pagination: base.pagination
      ? {
          ...base.pagination,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total: number) => t(texts.total, { count: total, total: capped ? `${total}+` : total }),
        }
      : false,
  };
}
