import { Button, DatePicker, Form, Select, Space, type FormProps } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { defaultRange, type LogFilterValues } from './filterValues';
import { useNarrow } from './useNarrow';
import './logFilters.css';
import { useTranslation } from 'react-i18next';

interface Props {
  /** useListTable's searchFormProps (form, initial time window, query). */
  formProps: FormProps<LogFilterValues>;
  /** The tab's own fields (type or scene, result). */
  children: ReactNode;
  testId: string;
}

/** Filter bar shared by both log tabs: the tab's fields, the time window, query and clear. */
export function LogFilters({ formProps, children, testId }: Props) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const { form } = formProps;
  function clear() {
    form?.resetFields();
    // "Now" has moved on since the page opened; the cleared window ends at this moment.
    form?.setFieldsValue({ range: defaultRange() });
    formProps.onFinish?.((form?.getFieldsValue(true) ?? { range: defaultRange() }) as LogFilterValues);
  }
  return (
    <Form
      {...formProps}
      layout={narrow ? 'vertical' : 'inline'}
      className={narrow ? 'log-filters log-filters--narrow' : 'log-filters'}
      data-testid={testId}
    >
      {children}
      <Form.Item name="range" label={t('logs.filters.range')}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="log-query">
            {t('logs.filters.query')}
          </Button>
          <Button onClick={clear} data-testid="log-clear">
            {t('logs.filters.clear')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** The select every log filter uses: clearable, wide enough for the longest label. */
export function FilterSelect(props: ComponentProps<typeof Select>) {
  const { t } = useTranslation();
  return <Select allowClear placeholder={t('logs.filters.all')} style={{ width: 180 }} {...props} />;
}
