import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { entryFor, MENU } from './menuItems';

/** Vertical navigation of the personal centre. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = entryFor(pathname)?.path;
  return (
    <nav aria-label={t('layout.navigation')}>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        style={{ borderInlineEnd: 'none' }}
        data-testid="side-menu"
        items={MENU.map((entry) => ({ key: entry.path, icon: entry.icon, label: t(entry.labelKey) }))}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}
