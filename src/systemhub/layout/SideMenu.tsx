import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuResources } from '../resources';

/** The list route a path belongs to: /users/edit/3 → /users. */
function sectionOf(pathname: string): string | undefined {
  return menuResources.map((r) => r.list as string).find((list) => pathname === list || pathname.startsWith(`${list}/`));
}

/** Navigation made from the resources declaration: one entry per resource with a list page. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = sectionOf(pathname);
  return (
    <nav aria-label={t('wb.layout.navigation')}>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        style={{ borderInlineEnd: 'none' }}
        data-testid="wb-menu"
        items={menuResources.map((r) => ({ key: r.list as string, icon: r.meta.icon, label: t(r.meta.labelKey), 'data-testid': `wb-menu-${r.name}` }))}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}
