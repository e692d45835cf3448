import { useSelect } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Button, DatePicker, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import { ApplyStatus, Decision } from '../../../../contract/enums';
import { LIMITS } from '../../../../contract/rules';
import type { AdminApp } from '../../../../contract/schemas/admin/apps';
import type { ApplyRecord } from '../../../../contract/schemas/permissions';
import { useSelectionLabels } from '../../../shared/components/useSelectionLabels';
import { feedback } from '../../../shared/providers/feedback';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { formatTimeOrBlank } from '../../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { SearchBar } from '../../../shared/components/SearchBar';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { toFilters, useListTable } from '../../../shared/hooks/useListTable';

interface Filters {
  status?: ApplyStatus;
  /** The application select holds its ids as text (Refine's option values). */
  appRef?: string;
  applicant?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const STATUS_COLORS: Record<ApplyStatus, string> = { [ApplyStatus.PENDING]: 'gold', [ApplyStatus.PASSED]: 'green', [ApplyStatus.REJECTED]: 'red' };

/**
 * The date range as the contract's from/to (the whole of each chosen day, in the reader's time),
 * and the chosen application's id as the JSON integer the contract takes.
 */
function filtersOf({ range, appRef, ...rest }: Filters): CrudFilter[] {
  return [
    ...toFilters(rest),
    { field: 'appRef', operator: 'eq', value: appRef ? Number(appRef) : undefined },
    { field: 'from', operator: 'eq', value: range?.[0] ? range[0].startOf('day').valueOf() : undefined },
    { field: 'to', operator: 'eq', value: range?.[1] ? range[1].endOf('day').valueOf() : undefined },
  ];
}

/** Every permission request, and an administrator's override: pass or reject pending ones with a reason. */
export default function RequestList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useListTable<ApplyRecord, Filters>('requests', { filtersOf, initialValues: { status: ApplyStatus.PENDING } });
  const decide = useEndpointMutation(ENDPOINTS.requests.actions.decide, { refresh: ['requests'] });
  const { selectProps: appSelect } = useSelect<AdminApp>({ resource: 'apps', optionLabel: 'appName', optionValue: (app) => String(app.id), onSearch: (keyword) => [{ field: 'keyword', operator: 'eq', value: keyword }] });
  const [selected, setSelected] = useState<number[]>([]);
  const [decision, setDecision] = useState<Decision | null>(null);
  const selectionLabels = useSelectionLabels<ApplyRecord>((row) => `${row.applyUserName} ${row.appName}`);
  const [form] = Form.useForm<{ approvalSuggestion: string }>();

  async function submit({ approvalSuggestion }: { approvalSuggestion: string }) {
    if (decision === null) return;
    try {
      const { decided } = await decide.submit({ status: decision, approvalSuggestion, applyIdList: selected });
      feedback.success(t('wb.requests.decided', { count: decided }));
      setSelected([]);
      setDecision(null);
    } catch (error) {
      showFieldError(form, error, { [CODE.alreadyDecided]: 'approvalSuggestion' });
    }
  }

  return (
    <>
      <PageHeader
        title={t('wb.requests.title')}
        extra={
          <>
            <Button type="primary" disabled={!selected.length} onClick={() => setDecision(Decision.PASS)} data-testid="request-pass">
              {t('wb.requests.pass', { count: selected.length })}
            </Button>
            <Button danger disabled={!selected.length} onClick={() => setDecision(Decision.REJECT)} data-testid="request-reject">
              {t('wb.requests.reject', { count: selected.length })}
            </Button>
          </>
        }
      />
      <SearchBar formProps={searchFormProps} testId="request-search">
        <Form.Item name="status" label={t('wb.requests.status')}>
          <Select allowClear style={{ width: 120 }} placeholder={t('wb.common.all')} options={Object.values(ApplyStatus).map((status) => ({ value: status, label: t(`wb.requests.statuses.${status}`) }))} />
        </Form.Item>
        <Form.Item name="appRef" label={t('wb.requests.app')}>
          <Select {...appSelect} allowClear showSearch style={{ width: 180 }} placeholder={t('wb.common.all')} />
        </Form.Item>
        <Form.Item name="applicant" label={t('wb.requests.applicant')}>
          <Input allowClear maxLength={LIMITS.accountMax} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="range" label={t('wb.requests.applyDate')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </SearchBar>
      <Table<ApplyRecord>
        {...tableProps}
        rowKey="id"
        data-testid="request-table"
        tableLayout="fixed"
        scroll={{ x: 1050 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getTitleCheckboxProps: selectionLabels.getTitleCheckboxProps,
          getCheckboxProps: (row) => ({ ...selectionLabels.getCheckboxProps?.(row), disabled: row.status !== ApplyStatus.PENDING }),
        }}
      >
        <Table.Column<ApplyRecord> dataIndex="applyDate" title={t('wb.requests.applyDate')} width={170} sorter render={formatTimeOrBlank} />
        <Table.Column<ApplyRecord> key="applicant" title={t('wb.requests.applicant')} width={170} ellipsis render={(_, row) => `${row.applyUserName} (${row.applyUserId})`} />
        <Table.Column<ApplyRecord> dataIndex="appName" title={t('wb.requests.app')} width={130} ellipsis />
        <Table.Column<ApplyRecord> dataIndex="roleName" title={t('wb.requests.role')} width={140} ellipsis />
        <Table.Column<ApplyRecord> dataIndex="applyReason" title={t('wb.requests.reason')} render={(text: string) => <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>} />
        <Table.Column<ApplyRecord> dataIndex="status" title={t('wb.requests.status')} width={100} sorter render={(status: ApplyStatus) => <Tag color={STATUS_COLORS[status]}>{t(`wb.requests.statuses.${status}`)}</Tag>} />
        <Table.Column<ApplyRecord> key="approval" title={t('wb.requests.approval')} width={200} ellipsis render={(_, row) => (row.approvalUserId ? `${row.approvalUserName ?? ''} ${formatTimeOrBlank(row.approvalDate)}${row.approvalSuggestion ? ` · ${row.approvalSuggestion}` : ''}` : '')} />
      </Table>
      <Modal
        open={decision !== null}
        title={decision === Decision.PASS ? t('wb.requests.passTitle', { count: selected.length }) : t('wb.requests.rejectTitle', { count: selected.length })}
        okText={decision === Decision.PASS ? t('wb.requests.passOk') : t('wb.requests.rejectOk')}
        okButtonProps={{ danger: decision === Decision.REJECT, loading: decide.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setDecision(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <Typography.Paragraph type="secondary">{t('wb.requests.overrideHint')}</Typography.Paragraph>
          <Form.Item name="approvalSuggestion" label={t('wb.requests.overrideReason')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.requests.overrideReason') }) }]}>
            <Input.TextArea rows={3} maxLength={LIMITS.reasonMax} showCount data-testid="request-override-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
