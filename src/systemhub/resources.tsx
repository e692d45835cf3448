import {
  ApartmentOutlined, AppstoreOutlined, ClusterOutlined, AuditOutlined, CrownOutlined, DashboardOutlined, DesktopOutlined,
  GlobalOutlined, KeyOutlined, LoginOutlined, NotificationOutlined, SafetyCertificateOutlined, SafetyOutlined, SolutionOutlined, TeamOutlined, UserAddOutlined, UserOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { NavEntry } from '../shared/components/SideMenu';

/** Who sees each page: its list endpoint's duties, or its gate (duty/gates.ts). */
export interface WorkbenchResource extends ResourceProps {
  meta: ResourceProps['meta'] & { labelKey: string; icon: ReactNode };
}

/**
 * The workbench's resources as data: name (the data provider's key into the endpoint table),
 * routes, menu label (a translation key) and icon. The side menu and breadcrumbs are made
 * from this list; who sees each page comes from its endpoints' duties (duty/resourceAccess.ts).
 */
export const resources: WorkbenchResource[] = [
  { name: 'home', list: '/home', meta: { labelKey: 'wb.menu.home', icon: <DashboardOutlined /> } },
  { name: 'departments', list: '/organisation', meta: { labelKey: 'wb.menu.organisation', icon: <ApartmentOutlined /> } },
  {
    name: 'users', list: '/users', create: '/users/create', edit: '/users/edit/:id', show: '/users/show/:id',
    meta: { labelKey: 'wb.menu.users', icon: <UserOutlined /> },
  },
  {
    name: 'apps', list: '/apps', create: '/apps/create', edit: '/apps/edit/:id', show: '/apps/show/:id',
    meta: { labelKey: 'wb.menu.apps', icon: <AppstoreOutlined /> },
  },
  { name: 'groups', list: '/groups', show: '/groups/show/:id', meta: { labelKey: 'wb.menu.groups', icon: <TeamOutlined /> } },
  { name: 'requests', list: '/requests', meta: { labelKey: 'wb.menu.requests', icon: <SolutionOutlined /> } },
  { name: 'notices', list: '/notices', create: '/notices/create', edit: '/notices/edit/:id', meta: { labelKey: 'wb.menu.notices', icon: <NotificationOutlined /> } },
  { name: 'policies', list: '/policies', meta: { labelKey: 'wb.menu.policies', icon: <SafetyCertificateOutlined /> } },
  { name: 'audit', list: '/audit', meta: { labelKey: 'wb.menu.audit', icon: <AuditOutlined /> } },
  { name: 'auditTrail', list: '/audit-trail', meta: { labelKey: 'wb.menu.auditTrail', icon: <SafetyOutlined /> } },
  { name: 'sessions', list: '/sessions', meta: { labelKey: 'wb.menu.sessions', icon: <DesktopOutlined /> } },
  { name: 'directory', list: '/directory', meta: { labelKey: 'wb.menu.directory', icon: <ClusterOutlined /> } },
  { name: 'networkZones', list: '/network-zones', meta: { labelKey: 'wb.menu.networkZones', icon: <GlobalOutlined /> } },
  { name: 'scimTokens', list: '/scim-tokens', meta: { labelKey: 'wb.menu.scimTokens', icon: <KeyOutlined /> } },
  { name: 'registrations', list: '/registrations', meta: { labelKey: 'wb.menu.registrations', icon: <UserAddOutlined /> } },
  { name: 'upstreamProviders', list: '/upstream-providers', meta: { labelKey: 'wb.menu.upstreamProviders', icon: <LoginOutlined /> } },
  { name: 'administrators', list: '/administrators', meta: { labelKey: 'wb.menu.administrators', icon: <CrownOutlined /> } },
];

type Page = LazyExoticComponent<ComponentType>;

/** Each route's page, loaded when first opened. */
const PAGES: Record<string, Page> = {
  '/home': lazy(() => import('./pages/home/HomePage')),
  '/organisation': lazy(() => import('./pages/organisation/OrganisationPage')),
  '/users': lazy(() => import('./pages/users/UserList')),
  '/users/create': lazy(() => import('./pages/users/UserCreate')),
  '/users/edit/:id': lazy(() => import('./pages/users/UserEdit')),
  '/users/show/:id': lazy(() => import('./pages/users/UserShow')),
  '/apps': lazy(() => import('./pages/apps/AppList')),
  '/apps/create': lazy(() => import('./pages/apps/AppCreate')),
  '/apps/edit/:id': lazy(() => import('./pages/apps/AppEdit')),
  '/apps/show/:id': lazy(() => import('./pages/apps/AppShow')),
  '/groups': lazy(() => import('./pages/groups/GroupList')),
  '/groups/show/:id': lazy(() => import('./pages/groups/GroupShow')),
  '/requests': lazy(() => import('./pages/requests/RequestList')),
  '/notices': lazy(() => import('./pages/notices/NoticeList')),
  '/notices/create': lazy(() => import('./pages/notices/NoticeCreate')),
  '/notices/edit/:id': lazy(() => import('./pages/notices/NoticeEdit')),
  '/policies': lazy(() => import('./pages/policies/PoliciesPage')),
  '/audit': lazy(() => import('./pages/audit/AuditPage')),
  '/audit-trail': lazy(() => import('./pages/auditTrail/AuditTrailPage')),
  '/sessions': lazy(() => import('./pages/sessions/SessionList')),
  '/directory': lazy(() => import('./pages/directory/DirectoryPage')),
  '/network-zones': lazy(() => import('./pages/networkZones/ZoneList')),
  '/scim-tokens': lazy(() => import('./pages/scimTokens/ScimTokenList')),
  '/registrations': lazy(() => import('./pages/registrations/RegistrationList')),
  '/upstream-providers': lazy(() => import('./pages/upstream/UpstreamProviderList')),
  '/administrators': lazy(() => import('./pages/administrators/AdministratorList')),
};

export const routes = Object.entries(PAGES).map(([path, Page]) => ({ path, Page }));

/** The resources the side menu lists (those with a list page). */
export const menuResources = resources.filter((r) => typeof r.list === 'string' && r.list in PAGES);

/** The side menu: one entry per resource with a list page, as the resources declaration names them. */
export const menuEntries: (NavEntry & { resource: string })[] = menuResources.map((r) => ({
  path: r.list as string, icon: r.meta.icon, labelKey: r.meta.labelKey, testId: `wb-menu-${r.name}`, resource: r.name,
}));

/** The list route a path belongs to: /users/edit/3 → /users. */
export function sectionOf(pathname: string): string | undefined {
  return menuEntries.map((entry) => entry.path).find((list) => pathname === list || pathname.startsWith(`${list}/`));
}
