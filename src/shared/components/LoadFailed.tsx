import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** What could not be loaded. */
  title: string;
  /** The failure, whose text (the server's reason) is shown under the title. */
  error?: { message?: string } | null;
  /** Asks again. */
  onRetry: () => unknown;
  status?: 'warning' | 'error';
  /** Translation key of the retry button (each app names it in its own namespace). */
  retryText?: string;
}

/** A load that failed (DESIGN §7: every list has an error state): what, why, and a retry; in the portal and the workbench alike. */
export function LoadFailed({ title, error, onRetry, status = 'warning', retryText = 'common.actions.retry' }: Props) {
  const { t } = useTranslation();
  return <Result status={status} title={title} subTitle={error?.message} extra={<Button onClick={() => void onRetry()}>{t(retryText)}</Button>} />;
}
