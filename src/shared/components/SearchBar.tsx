import { Button, Form, Space, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useKitTexts } from '../kitTexts';

interface Props<V extends object> {
  /** The table hook's searchFormProps (its form and onFinish). */
  formProps: FormProps<V>;
  /** The list's own filter fields. */
  children: ReactNode;
  testId: string;
  /** Buttons beside query and clear (create, export…). */
  extra?: ReactNode;
}

/**
 * The filter form above a list, in the portal and the workbench alike (each app's words,
 * kitTexts.ts): its fields, then query and clear. Enter in a field queries; clear empties the fields and queries again.
 */
export function SearchBar<V extends object>({ formProps, children, testId, extra }: Props<V>) {
  const { t } = useTranslation();
  const texts = useKitTexts();
  function clear() {
    formProps.form?.resetFields();
    formProps.onFinish?.((formProps.form?.getFieldsValue(true) ?? {}) as V);
  }
  return (
    <Form {...formProps} layout="inline" data-testid={testId} style={{ rowGap: 12, marginBottom: 16 }}>
      {children}
      <Form.Item>
        <Space wrap={texts.wrapButtons}>
          <Button type="primary" htmlType="submit" data-testid={`${testId}-query`}>
            {t(texts.query)}
          </Button>
          <Button onClick={clear} data-testid={`${testId}-${texts.clearId}`}>
            {t(texts.clear)}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
