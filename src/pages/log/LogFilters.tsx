import { Button, DatePicker, Form, Select, Space, type FormInstance } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogFilterValues } from './useLogTable';
import { useNarrow } from './useNarrow';
import './logFilters.css';

interface Props {
  form: FormInstance<LogFilterValues>;
  initialValues: LogFilterValues;
  onQuery: (values: LogFilterValues) => void;
  onClear: () => void;
  /** The tab's own fields (type or scene, result). */
  children: ReactNode;
  testId: string;
}

/** Filter bar shared by both log tabs: the tab's fields, the time window, query and clear. */
export function LogFilters({ form, initialValues, onQuery, onClear, children, testId }: Props) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  return (
    <Form
      form={form}
      layout={narrow ? 'vertical' : 'inline'}
      className={narrow ? 'log-filters log-filters--narrow' : 'log-filters'}
      initialValues={initialValues}
      onFinish={onQuery}
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
          <Button onClick={onClear} data-testid="log-clear">
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
