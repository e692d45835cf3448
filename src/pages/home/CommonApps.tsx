import { useList } from '@refinedev/core';
import { Empty, Skeleton } from 'antd';
import { Text } from '../../shared/components/Text';
import { useState } from 'react';
import type { AppTile } from '../../../contract/schemas/personal';
import { Panel } from '../../shared/components/Panel';
import { errorNotice } from '../../shared/providers/notificationProvider';
import { AppTileButton } from '../my-apps/AppTileButton';
import { ssoUrl } from '../my-apps/ssoUrl';
import '../my-apps/myApps.css';
import { useTranslation } from 'react-i18next';

/** The spec shows the first 10 applications as common apps. */
const COMMON_APPS = 10;

/**
 * Shortcuts to the first applications. Same query as the grid below (one request); its
 * failure is explained, with a retry, by the grid.
 */
export function CommonApps() {
  const { t } = useTranslation();
  const { result, query } = useList<AppTile>({ resource: 'applications', pagination: { mode: 'off' }, errorNotification: errorNotice() });
  const [activeId, setActiveId] = useState<number | null>(null);
  const apps = result.data.slice(0, COMMON_APPS);

  function open(app: AppTile) {
    setActiveId(app.id);
    window.open(ssoUrl(app.clientId), '_blank', 'noopener');
  }

  let body;
  if (query.isLoading) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (query.isError) body = <Text type="secondary">{t('home.commonApps.failed')}</Text>;
  else if (apps.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.commonApps.empty')} />;
  else {
    body = (
      <div className="app-grid" role="list" aria-label={t('home.commonApps.title')} data-testid="common-apps">
        {apps.map((app) => (
          <div role="listitem" key={app.id}>
            <AppTileButton app={app} active={app.id === activeId} onOpen={open} testId="common-app" />
          </div>
        ))}
      </div>
    );
  }

  return (
    <Panel title={t('home.commonApps.title')}>
      {body}
    </Panel>
  );
}
