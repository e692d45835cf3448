import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplyRecord } from '../../../contract/schemas/permissions';

const COLORS: Record<ApplyRecord['status'], string> = { 0: 'processing', 1: 'success', 2: 'error' };

/** 审批中 / 通过 / 拒绝 as a coloured tag. */
export function RequestStatusTag({ status }: { status: ApplyRecord['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="request-status" data-status={status}>
      {t(`requests.status.${status}`)}
    </Tag>
  );
}
