import { useTranslation } from '@refinedev/core';
import { Drawer, Grid, Layout } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { MOBILE_BREAKPOINT } from '../../contract/rules';
import { InfoCards } from '../components/InfoCards';
import { PageLoading } from '../components/PageLoading';
import { Breadcrumbs } from './Breadcrumbs';
import { Navbar } from './Navbar';
import { SideMenu } from './SideMenu';

const SIDER_WIDTH = 200;

/**
 * Frame of every signed-in page. At 992 px and wider the menu is a 200 px sidebar; below
 * that (antd's lg breakpoint is the same 992 px) it moves into a drawer opened from the navbar.
 */
export default function PortalLayout() {
  const { translate: t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? window.innerWidth >= MOBILE_BREAKPOINT;
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', padding: '0 16px', borderBottom: '1px solid #f0f0f0', lineHeight: 'normal' }}>
        <Navbar onToggleMenu={wide ? undefined : () => setDrawerOpen(true)} />
      </Layout.Header>
      <Layout>
        {wide ? (
          <Layout.Sider width={SIDER_WIDTH} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
            <SideMenu />
          </Layout.Sider>
        ) : (
          <Drawer placement="left" width={SIDER_WIDTH + 40} open={drawerOpen} onClose={() => setDrawerOpen(false)} title={t('layout.navigation')} styles={{ body: { padding: 0 } }}>
            <SideMenu onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        )}
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
      </Layout>
    </Layout>
  );
}
