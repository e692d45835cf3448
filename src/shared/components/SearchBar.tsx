import { Button, Form, Space, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Translation keys of the two buttons (each app names them in its own namespace). */
export interface SearchBarTexts {
  query: string;
  clear: string;
}

interface Props<V extends object> {
  /** The table hook's searchFormProps (its form and onFinish). */
  formProps: FormProps<V>;
  /** The list's own filter fields. */
  children: ReactNode;
  testId: string;
  /** Buttons beside query and clear (create, export…). */
  extra?: ReactNode;
  /** The buttons' texts; the portal's by default. */
  texts?: SearchBarTexts;
  /** The clear button's test id is `${testId}-${clearId}`. */
  clearId?: string;
  /** Let the buttons wrap onto a second line on narrow screens. */
  wrap?: boolean;
}

const PORTAL_TEXTS: SearchBarTexts = { query: 'common.list.query', clear: 'common.list.clear' };

/**
 * The filter form above a list, in the portal and the workbench alike: its fields, then query
 * and clear. Enter in a field queries; clear empties the fields and queries again.
 */
export function SearchBar<V extends object>({ formProps, children, testId, extra, texts = PORTAL_TEXTS, clearId = 'clear', wrap }: Props<V>) {
  const { t } = useTranslation();
  function clear() {
    formProps.form?.resetFields();
    formProps.onFinish?.((formProps.form?.getFieldsValue(true) ?? {}) as V);
  }
  return (
    <Form {...formProps} layout="inline" data-testid={testId} style={{ rowGap: 12, marginBottom: 16 }}>
      {children}
      <Form.Item>
        <Space wrap={wrap}>
          <Button type="primary" htmlType="submit" data-testid={`${testId}-query`}>
            {t(texts.query)}
          </Button>
          <Button onClick={clear} data-testid={`${testId}-${clearId}`}>
            {t(texts.clear)}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
