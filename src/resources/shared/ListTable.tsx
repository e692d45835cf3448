import { SwapOutlined } from '@ant-design/icons';

import { Table, Typography, type TableProps } from 'antd';
import { useMobile } from '../../shared/components/useMobile';
import { useTranslation } from 'react-i18next';

/** The column key of a list's row actions: kept in view on phones. */
export const ACTIONS_KEY = 'actions';

/**
 * A portal list's table. On phones the columns scroll sideways inside the table (never the
 * page), with a hint saying so, while the row actions stay pinned at the right edge and the
 * selection boxes at the left: what a row can do is always in reach.
 */
export function ListTable<T extends object>({ columns, rowSelection, size = 'middle', ...props }: TableProps<T>) {
  const { t } = useTranslation();
  const mobile = useMobile();
  if (!mobile) return <Table<T> {...props} size={size} columns={columns} rowSelection={rowSelection} />;
  const pinned = columns?.map((c) => (c.key === ACTIONS_KEY ? { ...c, fixed: 'right' as const } : c));
  return (
    <>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 4 }} data-testid="scroll-hint">
        <SwapOutlined aria-hidden /> {t('common.list.scrollHint')}
      </Typography.Text>
      <Table<T> {...props} size="small" columns={pinned} rowSelection={rowSelection ? { ...rowSelection, fixed: 'left' } : undefined} />
    </>
  );
}
