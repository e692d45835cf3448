import { PlusOutlined } from '@ant-design/icons';
import { useDelete } from '@refinedev/core';
import { Button, Form, Select, Space, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { ApplyStatus } from '../../../contract/enums';
import type { ApplyRecord } from '../../../contract/schemas/permissions';
import { PageTitle } from '../../shared/components/PageTitle';
import { useConfirm } from '../../shared/hooks/useConfirm';
import { errorNotice, successNotice } from '../../shared/providers/notificationProvider';
import { SearchBar } from '../../shared/components/SearchBar';
import { formatTime, orDash } from '../../shared/format';
import { useListTable } from '../../shared/hooks/useListTable';
import type { DialogHandle } from '../shared/useDialogForm';
import { ApplyDialog } from './ApplyDialog';
import { RequestDetailDialog } from './RequestDetailDialog';
import { RequestStatusTag } from './RequestStatusTag';
import { ListTable } from '../shared/ListTable';
import { useTranslation } from 'react-i18next';

const STATUSES = [ApplyStatus.PENDING, ApplyStatus.PASSED, ApplyStatus.REJECTED] as const;

/** /applicationAuthority: the user's own permission requests; apply, read the timeline, cancel a pending one. */
export default function RequestList() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { tableProps, searchFormProps } = useListTable<ApplyRecord, { status?: number }>('requests');
  const { mutateAsync: remove } = useDelete();
  const apply = useRef<DialogHandle>(null);
  const [detailId, setDetailId] = useState<number | null>(null);

  function confirmCancel(row: ApplyRecord) {
    confirm({
      title: t('requests.cancel.title'),
      content: t('requests.cancel.content'),
      okText: t('requests.cancel.ok'),
      cancelText: t('requests.cancel.keep'),
      // Refine refreshes the list after the delete either way; a refusal is toasted.
      onOk: () =>
        remove({ resource: 'requests', id: row.id, successNotification: successNotice(t('requests.cancel.done')), errorNotification: errorNotice() }).catch(() => undefined),
    });
  }

  const columns: TableColumnsType<ApplyRecord> = [
    { title: t('requests.fields.appName'), dataIndex: 'appName' },
    { title: t('requests.fields.roleName'), dataIndex: 'roleName', render: orDash },
    { title: t('requests.fields.status'), dataIndex: 'status', width: 110, sorter: true, render: (status: ApplyRecord['status']) => <RequestStatusTag status={status} /> },
    { title: t('requests.fields.applyDate'), dataIndex: 'applyDate', width: 180, sorter: true, render: formatTime },
    {
      title: t('common.list.actions'),
      key: 'actions',
      width: 160,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetailId(row.id)} data-testid={`request-detail-${row.id}`}>
            {t('requests.actions.detail')}
          </Button>
          {row.status === ApplyStatus.PENDING ? (
            <Button type="link" size="small" danger onClick={() => confirmCancel(row)} data-testid={`request-cancel-${row.id}`}>
              {t('requests.actions.cancel')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <section>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <PageTitle style={{ margin: 0 }}>
          {t('requests.title')}
        </PageTitle>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => apply.current?.open()} data-testid="apply-open">
          {t('requests.apply.open')}
        </Button>
      </Space>
      <SearchBar formProps={searchFormProps} testId="request-filters">
        <Form.Item name="status" label={t('requests.fields.status')}>
          <Select
            allowClear
            placeholder={t('common.list.all')}
            style={{ width: 140 }}
            data-testid="filter-status"
            options={STATUSES.map((s) => ({ value: s, label: t(`requests.status.${s}`) }))}
          />
        </Form.Item>
      </SearchBar>
      <ListTable<ApplyRecord> {...tableProps} rowKey="id" columns={columns} size="middle" data-testid="request-table" />
      <ApplyDialog ref={apply} />
      <RequestDetailDialog applyId={detailId} onClose={() => setDetailId(null)} />
    </section>
  );
}
