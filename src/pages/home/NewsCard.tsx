import { Card, Tabs } from 'antd';
import type { HomeContent } from '../../../contract/schemas/account';
import { ContentState } from './ContentState';
import { ItemList } from './ItemList';
import { useHomeContent } from './useHomeContent';
import { useNoticeReader } from './useNoticeReader';
import { useMobile } from '../../shared/components/useMobile';
import { useTranslation } from 'react-i18next';

const TABS: (keyof HomeContent['news'])[] = ['recommend', 'news', 'dynamic', 'release'];

export function NewsCard() {
  const { t } = useTranslation();
  const { content, query } = useHomeContent();
  const reader = useNoticeReader();
  const mobile = useMobile();
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
          // On a phone the four tabs fit side by side only closer together; overflowing, antd puts a "more" button inside the tab list, which screen readers cannot place.
          tabBarGutter={mobile ? 12 : undefined}
          data-testid="news-tabs"
          items={TABS.map((key) => ({
            key,
            label: labels[key],
            children: <ItemList items={content?.news[key] ?? []} emptyText={t('home.news.empty')} testId={`news-${key}`} onOpen={reader.open} read={reader.read} />,
          }))}
        />
      </ContentState>
      {reader.drawer}
    </Card>
  );
}
