import { useList, useTranslation } from '@refinedev/core';
import { Empty, Skeleton } from 'antd';
import { useState } from 'react';
import type { AppTile } from '../../../contract/schemas/personal';
import { LoadFailed } from '../../components/LoadFailed';
import { useRefreshSsoToday } from '../../hooks/useRefreshSsoToday';
import { PageTitle } from '../../components/PageTitle';
import { errorNotice } from '../../providers/notificationProvider';
import { HomeSection } from '../home/HomeSection';
import { AppTileButton } from './AppTileButton';
import { ssoUrl } from './ssoUrl';
import './myApps.css';

/** /myApp: the user's applications; a tile opens the app by single sign-on in a new tab. */
export default function MyAppsPage() {
  const { translate: t } = useTranslation();
  const { result, query } = useList<AppTile>({ resource: 'applications', pagination: { mode: 'off' }, errorNotification: errorNotice() });
  const [activeId, setActiveId] = useState<number | null>(null);
  const refreshSsoToday = useRefreshSsoToday();

  function open(app: AppTile) {
    setActiveId(app.id);
    window.open(ssoUrl(app.clientId), '_blank', 'noopener');
    refreshSsoToday();
  }

  let body;
  if (query.isLoading) {
    body = (
      <div data-testid="apps-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (query.isError) {
    body = (
      <LoadFailed status="error" title={t('applications.loadFailed')} error={query.error} onRetry={query.refetch} />
    );
  } else if (result.data.length === 0) {
    body = <Empty description={t('applications.empty')} />;
  } else {
    body = (
      <div className="app-grid" role="list" aria-label={t('applications.title')}>
        {result.data.map((app) => (
          <div role="listitem" key={app.id}>
            <AppTileButton app={app} active={app.id === activeId} onOpen={open} />
          </div>
        ))}
      </div>
    );
  }

  return (
    <>
      <HomeSection />
      <section>
        <PageTitle>
          {t('applications.title')}
        </PageTitle>
        {body}
      </section>
    </>
  );
}
