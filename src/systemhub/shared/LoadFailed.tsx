import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed as SharedLoadFailed } from '../../shared/components/LoadFailed';

/** A read that failed: "could not load", the server's reason when given, and a retry (every page and panel alike). */
export function LoadFailed({ error, onRetry }: { error?: { message?: string } | null; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return <SharedLoadFailed title={t('wb.common.loadFailed')} retryText="wb.common.retry" error={error} onRetry={onRetry} />;
}

/** A record that could not be read (gone, or never there): say so and offer the way back to its list. */
export function NotFound({ back }: { back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <Result status="warning" title={t('wb.common.notFound')} extra={<Button onClick={() => navigate(back)}>{t('wb.common.back')}</Button>} />;
}
