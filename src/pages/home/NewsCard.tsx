import { Card, Tabs } from 'antd';
import type { HomeContent } from '../../../contract/schemas/account';
import { ContentState } from './ContentState';
import { ItemList } from './ItemList';
import { useHomeContent } from './useHomeContent';
import { useTranslation } from 'react-i18next';

const TABS: (keyof HomeContent['news'])[] = ['recommend', 'news', 'dynamic', 'release'];

export function NewsCard() {
  const { t } = useTranslation();
  const { content, query } = useHomeContent();
  const labels: Record<keyof HomeContent['news'], string> = {
    recommend: t('home.news.recommend'),
    news: t('home.news.news'),
    dynamic: t('home.news.dynamic'),
    release: t('home.news.release'),
  };

  return (
    <Card size="small" title={t('home.news.title')} style={{ height: '100%' }}>
      <ContentState loading={query.isLoading} error={query.isError ? query.error : null} onRetry={() => void query.refetch()}>
        <Tabs
          size="small"
          data-testid="news-tabs"
          items={TABS.map((key) => ({
            key,
            label: labels[key],
            children: <ItemList items={content?.news[key] ?? []} emptyText={t('home.news.empty')} testId={`news-${key}`} />,
          }))}
        />
      </ContentState>
    </Card>
  );
}
