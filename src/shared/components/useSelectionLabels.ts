import type { CheckboxProps, TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

type Selection<Row> = NonNullable<TableProps<Row>['rowSelection']>;

/**
 * Accessible names for a table's selection checkboxes, in the page's language: antd names the
 * header box "Select all" in English and the row boxes not at all.
 */
export function useSelectionLabels<Row>(nameOf: (row: Row) => string): Pick<Selection<Row>, 'getCheckboxProps' | 'getTitleCheckboxProps'> {
  const { t } = useTranslation();
  return {
    getTitleCheckboxProps: () => ({ 'aria-label': t('common.list.selectAll') }),
    // antd hands these props on to the <input>; its CheckboxProps type does not list aria-*.
    getCheckboxProps: (row: Row) => ({ 'aria-label': t('common.list.selectRow', { name: nameOf(row) }) }) as CheckboxProps,
  };
}
