import { useOne } from '@refinedev/core';
import { Descriptions, Modal, Result, Skeleton, Steps } from 'antd';
import { ApplyStatus } from '../../../contract/enums';
import type { ApplyRecord } from '../../../contract/schemas/permissions';
import { errorNotice } from '../../shared/providers/notificationProvider';
import { formatTime, orDash } from '../../shared/format';
import { RequestStatusTag } from './RequestStatusTag';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The request to show; null when closed. */
  applyId: number | null;
  onClose: () => void;
}

/** Three steps: the application, the approver's decision, done. A pending request stops at step 1. */
function Timeline({ record }: { record: ApplyRecord }) {
  const { t } = useTranslation();
  const decided = record.status !== ApplyStatus.PENDING;
  const approver = record.approvalUserName ? `${record.approvalUserName} (${record.approvalUserId})` : orDash(record.approvalUserId);
  return (
    <div data-testid="request-timeline" data-step={decided ? 3 : 1}>
      <Steps
        direction="vertical"
        current={decided ? 2 : 0}
        status={decided ? 'finish' : 'process'}
        items={[
          {
            title: t('requests.detail.applicant', { name: record.applyUserName }),
            description: (
              <Descriptions size="small" column={1} data-testid="timeline-applicant">
                <Descriptions.Item label={t('requests.fields.appName')}>{record.appName}</Descriptions.Item>
                <Descriptions.Item label={t('requests.fields.roleName')}>{orDash(record.roleName)}</Descriptions.Item>
                <Descriptions.Item label={t('requests.fields.applyReason')}>{orDash(record.applyReason)}</Descriptions.Item>
                <Descriptions.Item label={t('requests.fields.applyDate')}>{formatTime(record.applyDate)}</Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            title: decided ? t('requests.detail.approverNamed', { name: approver }) : t('requests.detail.approver'),
            description: decided ? (
              <Descriptions size="small" column={1} data-testid="timeline-approver">
                  <Descriptions.Item label={t('requests.detail.result')}>
                  <RequestStatusTag status={record.status} />
                </Descriptions.Item>
                <Descriptions.Item label={t('requests.detail.suggestion')}>{orDash(record.approvalSuggestion)}</Descriptions.Item>
                <Descriptions.Item label={t('requests.detail.approvalDate')}>{formatTime(record.approvalDate)}</Descriptions.Item>
              </Descriptions>
            ) : (
              t('requests.detail.waiting')
            ),
          },
          { title: t('requests.detail.finished') },
        ]}
      />
    </div>
  );
}

export function RequestDetailDialog({ applyId, onClose }: Props) {
  const { t } = useTranslation();
  const { result, query } = useOne<ApplyRecord>({
    resource: 'requests',
    id: applyId ?? undefined,
    queryOptions: { enabled: applyId !== null },
    errorNotification: errorNotice(),
  });

  let body;
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError || !result) body = <Result status="warning" title={t('requests.detail.loadFailed')} subTitle={query.error?.message} />;
  else body = <Timeline record={result} />;

  return (
    <Modal open={applyId !== null} title={t('requests.detail.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="request-detail">{body}</div>
    </Modal>
  );
}
