import { useTranslation } from 'react-i18next';
import './pageLoading.css';

/**
 * Shown while a lazily loaded page or the session check is on its way. A CSS spinner rather
 * than antd's Spin: this is the first thing every route renders, so it should cost nothing.
 */
export function PageLoading({ minHeight = '40vh' }: { minHeight?: string | number }) {
  const { t } = useTranslation();
  return (
    <div className="page-loading" style={{ minHeight }} role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden />
      <span className="page-loading__text">{t('common.loading')}</span>
    </div>
  );
}
