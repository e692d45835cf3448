import { Drawer, Grid, Layout } from 'antd';
import { useState, type ReactNode } from 'react';
import { MOBILE_BREAKPOINT } from '../../../contract/rules';

interface Props {
  /** The bar across the top; below 992 px it gets the button that opens the menu drawer. */
  header: (onToggleMenu: (() => void) | undefined) => ReactNode;
  /** The menu; in the drawer it is told when a choice was made, so the drawer closes. */
  menu: (onNavigate?: () => void) => ReactNode;
  navigationTitle: string;
  siderWidth: number;
  /** The content area (a Layout.Content), told whether the screen is wide. */
  children: (wide: boolean) => ReactNode;
}

/**
 * The frame the portal and the workbench share: at 992 px and wider (antd's lg breakpoint) the
 * menu is a sidebar; below that it moves into a drawer opened from the header, so the pages stay
 * usable on a 390 px phone.
 */
export function MenuFrame({ header, menu, navigationTitle, siderWidth, children }: Props) {
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? window.innerWidth >= MOBILE_BREAKPOINT;
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', padding: '0 16px', borderBottom: '1px solid #f0f0f0', lineHeight: 'normal' }}>
        {header(wide ? undefined : () => setDrawerOpen(true))}
      </Layout.Header>
      <Layout>
        {wide ? (
          <Layout.Sider width={siderWidth} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
            {menu()}
          </Layout.Sider>
        ) : (
          <Drawer placement="left" width={siderWidth + 40} open={drawerOpen} onClose={() => setDrawerOpen(false)} title={navigationTitle} styles={{ body: { padding: 0 } }}>
            {menu(() => setDrawerOpen(false))}
          </Drawer>
        )}
        {children(wide)}
      </Layout>
    </Layout>
  );
}
