import { SearchOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { Empty, Skeleton } from 'antd';
// antd's Input itself: `Input` from 'antd' also brings TextArea, Search, Password and the one-time
// code input as its statics (≈ 4 KB gzipped of the first screen that the search box never uses).
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import type { AppTile } from '../../../contract/schemas/personal';
import { LIMITS } from '../../../contract/rules';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { useMobile } from '../../shared/components/useMobile';
import { useRefreshSsoToday } from '../../shared/hooks/useRefreshSsoToday';
import { PageTitle } from '../../shared/components/PageTitle';
import { errorNotice } from '../../shared/providers/notificationProvider';
import { HomeSection } from '../home/HomeSection';
import { useSignInAlerts } from '../sign-in-alerts/SignInAlertsBlock';
import { AppTileButton } from './AppTileButton';
import { ssoUrl } from './ssoUrl';
import './myApps.css';
import { useTranslation } from 'react-i18next';

/** Apps whose name contains the text, ignoring case (the whole list is already here: no request). */
export function filterApps(apps: readonly AppTile[], text: string): AppTile[] {
  const wanted = text.trim().toLowerCase();
  return wanted ? apps.filter((a) => a.appName.toLowerCase().includes(wanted)) : [...apps];
}

/**
 * /myApp: the user's applications, searchable by name; a tile opens the app by single sign-on in
 * a new tab. On phones the list comes first (and once): notices and news follow it.
 */
export default function MyAppsPage() {
  const { t } = useTranslation();
  const mobile = useMobile();
  const { result, query } = useList<AppTile>({ resource: 'applications', pagination: { mode: 'off' }, errorNotification: errorNotice() });
  const [activeId, setActiveId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const refreshSsoToday = useRefreshSsoToday();
  const alerts = useSignInAlerts();

  function open(app: AppTile) {
    setActiveId(app.id);
    window.open(ssoUrl(app.clientId), '_blank', 'noopener');
    refreshSsoToday();
  }

  const shown = filterApps(result.data, text);
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
  } else if (shown.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('applications.search.none', { text: text.trim() })} data-testid="apps-no-match" />;
  } else {
    body = (
      <div className="app-grid" role="list" aria-label={t('applications.title')} data-testid="app-grid">
        {shown.map((app) => (
          <div role="listitem" key={app.id}>
            <AppTileButton app={app} active={app.id === activeId} onOpen={open} />
          </div>
        ))}
      </div>
    );
  }

  const list = (
    <section style={{ marginBottom: mobile ? 24 : 0 }}>
      <div className="my-apps__head">
        <PageTitle style={{ margin: 0 }}>
          {t('applications.title')}
        </PageTitle>
        {result.data.length > 0 ? (
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={LIMITS.searchMax}
            placeholder={t('applications.search.placeholder')}
            aria-label={t('applications.search.label')}
            className="my-apps__search"
            data-testid="apps-search"
          />
        ) : null}
      </div>
      {body}
    </section>
  );

  return mobile ? (
    <>
      {list}
      {/* On a phone the applications come first (the first screen is theirs); the alerts follow. */}
      {alerts.block}
      {/* Below the list once it has its height: the skeleton's height differs from the grid's, and
          cards already drawn under it would jump (Lighthouse counted a layout shift of 0.16). */}
      {query.isLoading ? null : <HomeSection commonApps={false} />}
    </>
  ) : (
    <>
      {alerts.block}
      {/* Mounted (their reads start) but not shown until the alerts above have their height. */}
      <div style={alerts.settled ? undefined : { visibility: 'hidden' }} aria-busy={!alerts.settled} data-testid="my-apps-body">
        <HomeSection />
        {list}
      </div>
    </>
  );
}
