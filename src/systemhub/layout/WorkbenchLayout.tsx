import { CanAccess } from '@refinedev/core';
import { Drawer, Grid, Layout, Result } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { MOBILE_BREAKPOINT } from '../../../contract/rules';
import { PageLoading } from '../../components/PageLoading';
import { SIDER_WIDTH } from '../config';
import { Header } from './Header';
import { SideMenu } from './SideMenu';

/**
 * Frame of every workbench page, like the portal's: a side menu at 992 px and wider, a drawer
 * opened from the header below that, so the pages stay usable on a 390 px phone.
 */
export function WorkbenchLayout() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? window.innerWidth >= MOBILE_BREAKPOINT;
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', padding: '0 16px', borderBottom: '1px solid #f0f0f0', lineHeight: 'normal' }}>
        <Header onToggleMenu={wide ? undefined : () => setDrawerOpen(true)} />
      </Layout.Header>
      <Layout>
        {wide ? (
          <Layout.Sider width={SIDER_WIDTH} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
            <SideMenu />
          </Layout.Sider>
        ) : (
          <Drawer placement="left" width={SIDER_WIDTH + 40} open={drawerOpen} onClose={() => setDrawerOpen(false)} title={t('wb.layout.navigation')} styles={{ body: { padding: 0 } }}>
            <SideMenu onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        )}
        <Layout.Content style={{ padding: wide ? 24 : 8, minWidth: 0 }}>
          <main style={{ background: '#fff', borderRadius: 8, padding: wide ? 24 : 12 }}>
            {/* The page's resource and action, as the access-control provider sees them. */}
            <CanAccess fallback={<Result status="403" title={t('wb.layout.forbidden')} />}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </CanAccess>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
