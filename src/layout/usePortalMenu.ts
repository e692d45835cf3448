import { useCan } from '@refinedev/core';
import { MENU, type MenuEntry } from './menuItems';

/**
 * The personal centre's entries. Mailboxes and approvals show only to people who manage or
 * approve something (the access-control provider decides; the pages stay reachable by address
 * and are simply empty for others).
 */
export function usePortalMenu(): MenuEntry[] {
  const mailboxes = useCan({ resource: 'mailboxes', action: 'list' }).data?.can === true;
  const approvals = useCan({ resource: 'approvals', action: 'list' }).data?.can === true;
  return MENU.filter((entry) => !entry.resource || (entry.resource === 'mailboxes' ? mailboxes : approvals));
}
