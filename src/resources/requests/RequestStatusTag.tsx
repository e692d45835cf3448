import { Tag } from 'antd';
import { ApplyStatus } from '../../../contract/enums';
import type { ApplyRecord } from '../../../contract/schemas/permissions';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ApplyStatus, string> = { [ApplyStatus.PENDING]: 'processing', [ApplyStatus.PASSED]: 'success', [ApplyStatus.REJECTED]: 'error' };

/** 审批中 / 通过 / 拒绝 as a coloured tag. */
export function RequestStatusTag({ status }: { status: ApplyRecord['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="request-status" data-status={status}>
      {t(`requests.status.${status}`)}
    </Tag>
  );
}
