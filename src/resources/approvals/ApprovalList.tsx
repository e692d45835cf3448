import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { CanAccess } from '@refinedev/core';
import { App, Button, Form, Input, Space, Typography, type TableColumnsType } from 'antd';
import { useRef, useState, type Key } from 'react';
import { Decision } from '../../../contract/enums';
import { LIMITS } from '../../../contract/rules';
import type { ApplyRecord } from '../../../contract/schemas/permissions';
import { PageTitle } from '../../shared/components/PageTitle';
import { useSelectionLabels } from '../../shared/components/useSelectionLabels';
import { SearchBar } from '../../shared/components/SearchBar';
import { formatTime, orDash } from '../../shared/format';
import { useListTable } from '../../shared/hooks/useListTable';
import type { DialogHandle } from '../shared/useDialogForm';
import { ApprovalDialog, type PendingDecision } from './ApprovalDialog';
import { ListTable } from '../shared/ListTable';
import { useTranslation } from 'react-i18next';

interface Filters {
  applyUserId?: string;
  appName?: string;
}

/** /approvalAuthority: requests waiting for this user, decided one by one or as a selected batch. */
export default function ApprovalList() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { tableProps, searchFormProps, reload } = useListTable<ApplyRecord, Filters>('approvals');
  const [selected, setSelected] = useState<Key[]>([]);
  const selectionLabels = useSelectionLabels<ApplyRecord>((row) => `${row.applyUserName} ${row.appName}`);
  const dialog = useRef<DialogHandle<PendingDecision>>(null);
  const decide = (decision: PendingDecision) => dialog.current?.open(decision);

  function decideSelected(status: Decision) {
    if (selected.length === 0) {
      modal.warning({
        title: t('approvals.decide.nothingSelectedTitle'),
        content: t('approvals.decide.nothingSelected'),
        okText: t('approvals.decide.understood'),
      });
      return;
    }
    decide({ status, applyIdList: selected.map(Number) });
  }

  // A new query starts a new selection.
  const filterFormProps = {
    ...searchFormProps,
    onFinish: (values: Filters) => {
      setSelected([]);
      searchFormProps.onFinish?.(values);
    },
  };

  const columns: TableColumnsType<ApplyRecord> = [
    { title: t('approvals.fields.applyUserId'), dataIndex: 'applyUserId' },
    { title: t('approvals.fields.applyUserName'), dataIndex: 'applyUserName' },
    { title: t('approvals.fields.appName'), dataIndex: 'appName' },
    { title: t('approvals.fields.roleName'), dataIndex: 'roleName', render: orDash },
    { title: t('approvals.fields.applyReason'), dataIndex: 'applyReason', ellipsis: true, render: orDash },
    { title: t('approvals.fields.applyDate'), dataIndex: 'applyDate', width: 180, sorter: true, render: formatTime },
    {
      title: t('common.list.actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          <CanAccess resource="approvals" action="pass">
          <Button type="link" size="small" onClick={() => decide({ status: Decision.PASS, applyIdList: [row.id] })} data-testid={`approval-pass-${row.id}`}>
            {t('approvals.actions.pass')}
          </Button>
          </CanAccess>
          <CanAccess resource="approvals" action="reject">
          <Button type="link" size="small" danger onClick={() => decide({ status: Decision.REJECT, applyIdList: [row.id] })} data-testid={`approval-reject-${row.id}`}>
            {t('approvals.actions.reject')}
          </Button>
          </CanAccess>
        </Space>
      ),
    },
  ];

  return (
    <section>
      <PageTitle>
        {t('approvals.title')}
      </PageTitle>
      <SearchBar formProps={filterFormProps} testId="approval-filters">
        <Form.Item name="applyUserId" label={t('approvals.fields.applyUserId')}>
          <Input allowClear maxLength={LIMITS.accountMax} style={{ width: 160 }} data-testid="filter-apply-user" />
        </Form.Item>
        <Form.Item name="appName" label={t('approvals.fields.appName')}>
          <Input allowClear maxLength={LIMITS.searchMax} style={{ width: 160 }} data-testid="filter-app-name" />
        </Form.Item>
      </SearchBar>
      <Space wrap style={{ marginBottom: 12 }}>
        <CanAccess resource="approvals" action="pass">
        <Button type="primary" icon={<CheckOutlined />} onClick={() => decideSelected(Decision.PASS)} data-testid="batch-pass">
          {t('approvals.actions.batchPass')}
        </Button>
        </CanAccess>
        <CanAccess resource="approvals" action="reject">
        <Button danger icon={<CloseOutlined />} onClick={() => decideSelected(Decision.REJECT)} data-testid="batch-reject">
          {t('approvals.actions.batchReject')}
        </Button>
        </CanAccess>
        {selected.length ? <Typography.Text type="secondary">{t('approvals.selected', { count: selected.length })}</Typography.Text> : null}
      </Space>
      <ListTable<ApplyRecord>
        {...tableProps}
        rowKey="id"
        columns={columns}
        size="middle"
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true, ...selectionLabels }}
        data-testid="approval-table"
      />
      <ApprovalDialog
        ref={dialog}
        onSettled={() => {
          setSelected([]);
          reload();
        }}
      />
    </section>
  );
}
