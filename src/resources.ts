import type { ResourceProps } from '@refinedev/core';
import { accountEndpoints as account } from '../contract/endpoints/account';
import { groupEndpoints as groups } from '../contract/endpoints/groups';
import { permissionEndpoints as permissions } from '../contract/endpoints/permissions';
import { securityEndpoints as security } from '../contract/endpoints/security';
import type { Declared } from './shared/providers/api';

/**
 * The contract's declarations behind a resource (method, path and types come from them, as
 * with `call`). The data provider reads them from this declaration by resource name and never
 * from a hook's meta, because Refine merges URL query parameters into meta: a crafted link
 * must not be able to choose which endpoint a page POSTs to.
 */
export interface ResourceEndpoints {
  /** Paged POST list (pageNum/pageSize → data.datas/data.total), or a plain array when paged is false. */
  list?: Declared;
  /** Alternative list endpoints a page may pick with meta.variant (e.g. the two log tabs). */
  listVariants?: Record<string, Declared>;
  paged?: boolean;
  /**
   * What the resource's form posts (Refine's create action, so useModalForm drives it and the
   * list refreshes after it): a new request or new members, and for some resources an action on
   * one of its rows (a decision, a hand-over, given-up roles, a mailbox password).
   */
  create?: Declared;
  show?: Declared;
  delete?: Declared;
  deleteMany?: Declared;
  /** Body field that carries the id (show/delete) or ids (deleteMany). */
  idField?: string;
  idsField?: string;
}

export interface PortalResource extends ResourceProps {
  meta: ResourceProps['meta'] & { labelKey: string; endpoints: ResourceEndpoints };
}

export const resources: PortalResource[] = [
  {
    name: 'applications',
    list: '/myApp',
    meta: { labelKey: 'applications.title', endpoints: { list: account.userApps, paged: false } },
  },
  {
    name: 'requests',
    list: '/applicationAuthority',
    meta: {
      labelKey: 'requests.title',
      endpoints: {
        list: permissions.myRequests,
        create: permissions.apply,
        show: permissions.applyDetail,
        delete: permissions.cancelApply,
        idField: 'applyId',
      },
    },
  },
  {
    name: 'approvals',
    list: '/approvalAuthority',
    meta: { labelKey: 'approvals.title', endpoints: { list: permissions.awaitingApproval, create: permissions.approve } },
  },
  {
    name: 'mailboxes',
    list: '/mailbox',
    meta: { labelKey: 'mailboxes.title', endpoints: { list: groups.pubMailList, create: groups.pubMailResetPwd } },
  },
  {
    // The group tabs live on the mailbox page, so groups have no route of their own.
    name: 'groups',
    meta: { labelKey: 'groups.title', hide: true, endpoints: { list: groups.groupList, create: groups.groupManagerUpdate } },
  },
  {
    // The permission tab of /info; giving up the login permission is a custom call.
    name: 'permissions',
    meta: { labelKey: 'info.tabs.change', hide: true, endpoints: { list: permissions.myPermissions, create: permissions.cancelRoles } },
  },
  {
    name: 'members',
    list: '/mailbox/groupMember',
    meta: {
      labelKey: 'members.title',
      parent: 'mailboxes',
      endpoints: { list: groups.memberList, create: groups.memberAdd, deleteMany: groups.memberRemove, idsField: 'userIdSet' },
    },
  },
  {
    name: 'logs',
    list: '/log',
    meta: {
      labelKey: 'logs.title',
      endpoints: { list: security.appLog, listVariants: { operation: security.operationLog } },
    },
  },
];

export function endpointsOf(name: string, declared: readonly PortalResource[] = resources): ResourceEndpoints | undefined {
  return declared.find((r) => r.name === name)?.meta.endpoints;
}
