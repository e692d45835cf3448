import {
  AppstoreOutlined,
  AuditOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface MenuEntry {
  path: string;
  labelKey: string;
  icon: ReactNode;
  /** The Refine resource behind the entry; the entry shows only when the user may list it. */
  resource?: 'mailboxes' | 'approvals';
}

/** The seven sidebar entries of the personal centre, in the spec's order. */
export const MENU: MenuEntry[] = [
  { path: '/myApp', labelKey: 'menu.myApp', icon: <AppstoreOutlined /> },
  { path: '/info', labelKey: 'menu.info', icon: <IdcardOutlined /> },
  { path: '/safe', labelKey: 'menu.safe', icon: <SafetyCertificateOutlined /> },
  { path: '/mailbox', labelKey: 'menu.mailbox', icon: <MailOutlined />, resource: 'mailboxes' },
  { path: '/applicationAuthority', labelKey: 'menu.applicationAuthority', icon: <SolutionOutlined /> },
  { path: '/approvalAuthority', labelKey: 'menu.approvalAuthority', icon: <AuditOutlined />, resource: 'approvals' },
  { path: '/log', labelKey: 'menu.log', icon: <FileSearchOutlined /> },
];

/** Pages below a menu entry that the breadcrumb names as a second level. */
export const SUB_PAGES: Record<string, string> = {
  '/mailbox/groupMember': 'menu.groupMember',
  '/device': 'menu.device',
};

/** The menu entry a path belongs to (longest prefix wins, so /mailbox/groupMember → /mailbox). */
export function entryFor(pathname: string): MenuEntry | undefined {
  return MENU.filter((e) => pathname === e.path || pathname.startsWith(`${e.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
}
