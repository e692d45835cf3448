import { useTranslation } from '@refinedev/core';
import { Button, Result } from 'antd';

interface Props {
  /** What could not be loaded. */
  title: string;
  /** The failure, whose text (the server's reason) is shown under the title. */
  error?: { message?: string } | null;
  /** Asks again. */
  onRetry: () => unknown;
  status?: 'warning' | 'error';
}

/** A load that failed (DESIGN §7: every list has an error state): what, why, and a retry. */
export function LoadFailed({ title, error, onRetry, status = 'warning' }: Props) {
  const { translate: t } = useTranslation();
  return <Result status={status} title={title} subTitle={error?.message} extra={<Button onClick={() => void onRetry()}>{t('common.actions.retry')}</Button>} />;
}
