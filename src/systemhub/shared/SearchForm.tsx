import { Button, Form, Space, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<V extends object> {
  formProps: FormProps<V>;
  children: ReactNode;
  testId: string;
  /** Buttons beside query and reset (create, export…). */
  extra?: ReactNode;
}

/** The search form above a list: its fields, query (Enter in any field) and reset. */
export function SearchForm<V extends object>({ formProps, children, testId, extra }: Props<V>) {
  const { t } = useTranslation();
  function reset() {
    formProps.form?.resetFields();
    formProps.onFinish?.((formProps.form?.getFieldsValue(true) ?? {}) as V);
  }
  return (
    <Form {...formProps} layout="inline" data-testid={testId} style={{ rowGap: 12, marginBottom: 16 }}>
      {children}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" data-testid={`${testId}-query`}>
            {t('wb.common.query')}
          </Button>
          <Button onClick={reset} data-testid={`${testId}-reset`}>
            {t('wb.common.reset')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
