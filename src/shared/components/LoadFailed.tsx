import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKitTexts } from '../kitTexts';

interface Props {
  /** What could not be loaded; the app's "could not load" by default. */
  title?: string;
  /** The failure, whose text (the server's reason) is shown under the title. */
  error?: { message?: string } | null;
  /** Asks again. */
  onRetry: () => unknown;
  status?: 'warning' | 'error';
}

/** A load that failed (DESIGN §7: every list has an error state): what, why, and a retry; in the portal and the workbench alike. */
export function LoadFailed({ title, error, onRetry, status = 'warning' }: Props) {
  const { t } = useTranslation();
  const texts = useKitTexts();
  return <Result status={status} title={title ?? t(texts.loadFailed)} subTitle={error?.message} extra={<Button onClick={() => void onRetry()}>{t(texts.retry)}</Button>} />;
}
