import { useTranslation } from '@refinedev/core';
import { Button, Form, Space, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import type { FilterValues } from './usePortalTable';

interface Props<V extends FilterValues> {
  /** usePortalTable's searchFormProps (its form and onFinish). */
  formProps: FormProps<V>;
  /** The list's own filter fields. */
  children: ReactNode;
  testId: string;
}

/**
 * Filter form above a list: its fields, then query and clear. Enter in a field queries; clear
 * empties the fields and queries again (both go back to page 1 of 10 in usePortalTable).
 */
export function FilterBar<V extends FilterValues>({ formProps, children, testId }: Props<V>) {
  const { translate: t } = useTranslation();
  function clear() {
    formProps.form?.resetFields();
    formProps.onFinish?.((formProps.form?.getFieldsValue(true) ?? {}) as V);
  }
  return (
    <Form {...formProps} layout="inline" data-testid={testId} style={{ rowGap: 12, marginBottom: 16 }}>
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
