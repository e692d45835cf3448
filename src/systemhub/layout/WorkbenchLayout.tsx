import { CanAccess, useResourceParams } from '@refinedev/core';
import { Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../shared/components/PageLoading';
import { SideMenu } from '../../shared/components/SideMenu';
import { MenuFrame } from '../../shared/components/MenuFrame';
import { SIDER_WIDTH } from '../config';
import { useAccess } from '../duty/useMay';
import { mayUse } from '../duty/resourceAccess';
import { menuEntries, sectionOf } from '../resources';
import { Header } from './Header';
import { NotForYourDuty } from './NotForYourDuty';

const NO_CARRY_OVER = { placeholderData: () => undefined };

/** Frame of every workbench page, the portal's frame (MenuFrame) with the workbench's header, menu and access check. */
export function WorkbenchLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const access = useAccess();
  // The page's action as CanAccess would infer it: named, so the query's options can be given too.
  const { action = '' } = useResourceParams();
  // Only the pages this administrator's duty can open: each entry's list endpoint names its duties.
  const entries = menuEntries.filter((entry) => mayUse(access, entry.resource, 'list'));
  return (
    <MenuFrame
      header={(onToggleMenu) => <Header onToggleMenu={onToggleMenu} />}
      menu={(onNavigate) => <SideMenu entries={entries} selected={sectionOf(pathname)} labelKey="wb.layout.navigation" testId="wb-menu" onNavigate={onNavigate} />}
      navigationTitle={t('wb.layout.navigation')}
      siderWidth={SIDER_WIDTH}
    >
      {(wide) => (
        // antd's Layout.Content is the page's <main>; the white sheet inside is a plain box.
        <Layout.Content style={{ padding: wide ? 24 : 8, minWidth: 0 }}>
          <div style={{ background: '#fff', borderRadius: 8, padding: wide ? 24 : 12 }}>
            {/* The page's resource and action, as the access-control provider sees them. */}
            {/* No answer carried over from the page before (Refine keeps previous data by default): a
                page outside the duty would mount, and call, until its own answer came. */}
            <CanAccess action={action} fallback={<NotForYourDuty />} queryOptions={NO_CARRY_OVER}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </CanAccess>
          </div>
        </Layout.Content>
      )}
    </MenuFrame>
  );
}
