import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { HomeContent } from '../../../contract/schemas/account';
import { ContentState } from './ContentState';
import { ItemList } from './ItemList';
import { useHomeContent } from './useHomeContent';
import { useNoticeReader } from './useNoticeReader';
import { Panel } from '../../shared/components/Panel';
import { useMobile } from '../../shared/components/useMobile';
import { useTranslation } from 'react-i18next';

const TABS: (keyof HomeContent['news'])[] = ['recommend', 'news', 'dynamic', 'release'];

// antd's Tabs (rc-tabs, its overflow menu) are not on the home page's critical path: asked for as
// soon as this module runs, in parallel with the first render, and shown once here (on a phone
// the card mounts only after the application list, by when they have arrived).
const loadTabs = () => import('antd/es/tabs');
void loadTabs().catch(() => undefined);
const Tabs = lazy(loadTabs);

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
    <Panel title={t('home.news.title')} style={{ height: '100%' }}>
      <ContentState loading={query.isLoading} error={query.isError ? query.error : null} onRetry={() => void query.refetch()}>
        <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 3 }} />}>
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
        </Suspense>
      </ContentState>
      {reader.drawer}
    </Panel>
  );
}
