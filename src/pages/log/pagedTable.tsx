import type { useTableReturnType } from '@refinedev/antd';
import type { BaseRecord, HttpError } from '@refinedev/core';
import { Button, Empty, Result, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../contract/rules';

const PAGE_SIZES = LIMITS.pageSizeOptions.map(String);

/**
 * Table props of a paged Refine list with the portal's paging rules: sizes 10/15/20/25, a new
 * size starts again at page 1, a count the server stopped at reads "10000+", and a failed
 * load says so (the server's message was already toasted) with a retry instead of "no data".
 */
export function usePagedTableProps<T extends BaseRecord>(table: useTableReturnType<T, HttpError>): TableProps<T> {
  const { t } = useTranslation();
  const { tableProps, tableQuery, pageSize } = table;
  const capped = tableQuery.data?.totalCapped === true;
  const pagination = tableProps.pagination
    ? {
        ...tableProps.pagination,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (total: number) => t('logs.paging.total', { total: capped ? `${total}+` : total }),
      }
    : false;
  const emptyText = tableQuery.isError ? (
    <Result
      status="warning"
      title={t('logs.paging.loadFailed')}
      subTitle={tableQuery.error?.message}
      extra={<Button onClick={() => void tableQuery.refetch()}>{t('common.actions.retry')}</Button>}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.paging.empty')} />
  );

  return {
    ...tableProps,
    pagination,
    locale: { emptyText },
    // Columns keep their natural width; a narrow screen scrolls the table, not the page.
    scroll: { x: 'max-content' },
    onChange: (next, filters, sorter, extra) => {
      const current = next.pageSize !== pageSize ? 1 : next.current;
      tableProps.onChange?.({ ...next, current }, filters, sorter, extra);
    },
  };
}
