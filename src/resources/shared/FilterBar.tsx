import { Button, Form, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterValues } from './usePortalTable';

interface Props<V extends FilterValues> {
  form: FormInstance<V>;
  onSearch: (values: V) => void;
  /** The list's own filter fields. */
  children: ReactNode;
  testId: string;
}

/**
 * Filter form above a list: its fields, then query and clear. Enter in a field queries; clear
 * empties the fields and queries again (both go back to page 1 in usePortalTable).
 */
export function FilterBar<V extends FilterValues>({ form, onSearch, children, testId }: Props<V>) {
  const { t } = useTranslation();
  function clear() {
    form.resetFields();
    onSearch(form.getFieldsValue(true) as V);
  }
  return (
    <Form form={form} layout="inline" onFinish={onSearch} data-testid={testId} style={{ rowGap: 12, marginBottom: 16 }}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid={`${testId}-query`}>
            {t('common.list.query')}
          </Button>
          <Button onClick={clear} data-testid={`${testId}-clear`}>
            {t('common.list.clear')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
