import { useLocation } from 'react-router';
import { NavMenu, type NavEntry } from '../../shared/components/NavMenu';
import { menuResources } from '../resources';

/** The list route a path belongs to: /users/edit/3 → /users. */
function sectionOf(pathname: string): string | undefined {
  return menuResources.map((r) => r.list as string).find((list) => pathname === list || pathname.startsWith(`${list}/`));
}

/** One entry per resource with a list page, as the resources declaration names them. */
const ENTRIES: NavEntry[] = menuResources.map((r) => ({ path: r.list as string, icon: r.meta.icon, labelKey: r.meta.labelKey, testId: `wb-menu-${r.name}` }));

/** Navigation made from the resources declaration. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return <NavMenu entries={ENTRIES} selected={sectionOf(pathname)} labelKey="wb.layout.navigation" testId="wb-menu" onNavigate={onNavigate} />;
}
