import { Button, Modal } from 'antd';
import { useState } from 'react';
import { Panel } from '../../shared/components/Panel';
import { ContentState } from './ContentState';
import { ItemList } from './ItemList';
import { useHomeContent } from './useHomeContent';
import { useNoticeReader } from './useNoticeReader';
import { useTranslation } from 'react-i18next';

/** How many notices the card lists; More shows all of them. */
const SHOWN = 5;

export function NoticeCard() {
  const { t } = useTranslation();
  const { content, query } = useHomeContent();
  const [allOpen, setAllOpen] = useState(false);
  const reader = useNoticeReader();
  const notices = content?.notices ?? [];

  return (
    <Panel
      title={t('home.notices.title')}
      extra={
        <Button type="link" size="small" disabled={notices.length === 0} onClick={() => setAllOpen(true)} data-testid="notices-more">
          {t('home.notices.more')}
        </Button>
      }
      style={{ height: '100%' }}
    >
      <ContentState loading={query.isLoading} error={query.isError ? query.error : null} onRetry={() => void query.refetch()}>
        <ItemList items={notices.slice(0, SHOWN)} emptyText={t('home.notices.empty')} testId="notice-list" onOpen={reader.open} read={reader.read} />
      </ContentState>
      <Modal open={allOpen} title={t('home.notices.title')} footer={null} onCancel={() => setAllOpen(false)}>
        <ItemList items={notices} emptyText={t('home.notices.empty')} testId="notice-list-all" onOpen={reader.open} read={reader.read} />
      </Modal>
      {reader.drawer}
    </Panel>
  );
}
