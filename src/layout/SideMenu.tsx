import { useCan } from '@refinedev/core';
import { useLocation } from 'react-router';
import { NavMenu } from '../shared/components/NavMenu';
import { entryFor, MENU } from './menuItems';

/**
 * Vertical navigation of the personal centre. Mailboxes and approvals show only to people who
 * manage or approve something (the access-control provider decides; the pages stay reachable
 * by address and are simply empty for others).
 */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const mailboxes = useCan({ resource: 'mailboxes', action: 'list' }).data?.can === true;
  const approvals = useCan({ resource: 'approvals', action: 'list' }).data?.can === true;
  const shown = MENU.filter((entry) => !entry.resource || (entry.resource === 'mailboxes' ? mailboxes : approvals));
  return <NavMenu entries={shown} selected={entryFor(pathname)?.path} labelKey="layout.navigation" testId="side-menu" onNavigate={onNavigate} />;
}
