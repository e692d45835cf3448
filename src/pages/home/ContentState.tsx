import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  loading: boolean;
  error: { message?: string } | null;
  onRetry: () => void;
  children: ReactNode;
}

/** Loading skeleton or a compact failure with retry around a home card's content. */
export function ContentState({ loading, error, onRetry, children }: Props) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (error) {
    return (
      <Result
        status="warning"
        subTitle={error.message || t('home.loadFailed')}
        extra={<Button size="small" onClick={onRetry}>{t('common.actions.retry')}</Button>}
        style={{ padding: 12 }}
      />
    );
  }
  return children;
}
