import { useCan, useTranslation } from '@refinedev/core';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { entryFor, MENU } from './menuItems';

/**
 * Vertical navigation of the personal centre. Mailboxes and approvals show only to people who
 * manage or approve something (the access-control provider decides; the pages stay reachable
 * by address and are simply empty for others).
 */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = entryFor(pathname)?.path;
  const mailboxes = useCan({ resource: 'mailboxes', action: 'list' }).data?.can === true;
  const approvals = useCan({ resource: 'approvals', action: 'list' }).data?.can === true;
  const shown = MENU.filter((entry) => !entry.resource || (entry.resource === 'mailboxes' ? mailboxes : approvals));
  return (
    <nav aria-label={t('layout.navigation')}>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        style={{ borderInlineEnd: 'none' }}
        data-testid="side-menu"
        items={shown.map((entry) => ({ key: entry.path, icon: entry.icon, label: t(entry.labelKey) }))}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}
