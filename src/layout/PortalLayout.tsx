import { Layout } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { InfoCards } from '../shared/components/InfoCards';
import { PageLoading } from '../shared/components/PageLoading';
import { Breadcrumbs } from './Breadcrumbs';
import { MenuFrame } from '../shared/components/MenuFrame';
import { entryFor } from './menuItems';
import { Navbar } from './Navbar';
import { usePortalMenu } from './usePortalMenu';
import { useTranslation } from 'react-i18next';

const SIDER_WIDTH = 200;

/*
 * The menu's code (antd's Menu with rc-menu and rc-overflow: ≈ 20 KB gzipped) comes when the menu
 * is first drawn: on a phone that is when the drawer first opens, so the first screen neither
 * downloads nor parses it; on a wide screen the entry asks for it at the start (src/main.tsx).
 */
const SideMenu = lazy(() => import('../shared/components/SideMenu').then((module) => ({ default: module.SideMenu })));

/** Frame of every signed-in page: navbar, menu (sidebar or drawer), breadcrumbs, info cards, the page. */
export default function PortalLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = usePortalMenu();
  return (
    <MenuFrame
      header={(onToggleMenu) => <Navbar onToggleMenu={onToggleMenu} />}
      menu={(onNavigate) => (
        <Suspense fallback={null}>
          <SideMenu entries={entries} selected={entryFor(pathname)?.path} labelKey="layout.navigation" testId="side-menu" onNavigate={onNavigate} />
        </Suspense>
      )}
      navigationTitle={t('layout.navigation')}
      siderWidth={SIDER_WIDTH}
    >
      {(wide) => (
        <Layout.Content style={{ padding: wide ? 24 : 12 }}>
          <Breadcrumbs />
          <InfoCards collapsible={!wide} />
          {/* Layout.Content is the page's one <main>; a second one inside it would nest landmarks. */}
          <div style={{ background: '#fff', borderRadius: 8, padding: wide ? 24 : 16 }}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </div>
        </Layout.Content>
      )}
    </MenuFrame>
  );
}
