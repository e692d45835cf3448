import type { ResourceProps } from '@refinedev/core';
import { paths } from '../contract/paths';

/**
 * Endpoints of a resource. The data provider reads them from this declaration by resource
 * name and never from a hook's meta, because Refine merges URL query parameters into meta:
 * a crafted link must not be able to choose which endpoint a page POSTs to.
 */
export interface ResourceEndpoints {
  /** Paged POST list (pageNum/pageSize → data.datas/data.total), or a plain array when paged is false. */
  listPath?: string;
  /** Alternative list endpoints a page may pick with meta.variant (e.g. the two log tabs). */
  listVariants?: Record<string, string>;
  paged?: boolean;
  /**
   * What the resource's form posts (Refine's create action, so useModalForm drives it and the
   * list refreshes after it): a new request or new members, and for some resources an action on
   * one of its rows (a decision, a hand-over, given-up roles, a mailbox password).
   */
  createPath?: string;
  showPath?: string;
  deletePath?: string;
  deleteManyPath?: string;
  /** Body field that carries the id (show/delete) or ids (deleteMany). */
  idField?: string;
  idsField?: string;
}

export interface PortalResource extends ResourceProps {
  meta: ResourceProps['meta'] & ResourceEndpoints & { labelKey: string };
}

export const resources: PortalResource[] = [
  {
    name: 'applications',
    list: '/myApp',
    meta: { labelKey: 'applications.title', listPath: paths.personal.userApps, paged: false },
  },
  {
    name: 'requests',
    list: '/applicationAuthority',
    meta: {
      labelKey: 'requests.title',
      listPath: paths.auty.myRequests,
      createPath: paths.auty.apply,
      showPath: paths.auty.applyDetail,
      deletePath: paths.auty.cancelApply,
      idField: 'applyId',
    },
  },
  {
    name: 'approvals',
    list: '/approvalAuthority',
    meta: { labelKey: 'approvals.title', listPath: paths.auty.awaitingApproval, createPath: paths.auty.approve },
  },
  {
    name: 'mailboxes',
    list: '/mailbox',
    meta: { labelKey: 'mailboxes.title', listPath: paths.personal.pubMailList, createPath: paths.personal.pubMailResetPwd },
  },
  {
    // The group tabs live on the mailbox page, so groups have no route of their own.
    name: 'groups',
    meta: { labelKey: 'groups.title', hide: true, listPath: paths.personal.groupList, createPath: paths.personal.groupManagerUpdate },
  },
  {
    // The permission tab of /info; giving up the login permission is a custom call.
    name: 'permissions',
    meta: { labelKey: 'info.tabs.change', hide: true, listPath: paths.auty.myPermissions, createPath: paths.auty.cancelRoles },
  },
  {
    name: 'members',
    list: '/mailbox/groupMember',
    meta: {
      labelKey: 'members.title',
      parent: 'mailboxes',
      listPath: paths.personal.memberList,
      createPath: paths.personal.memberAdd,
      deleteManyPath: paths.personal.memberRemove,
      idsField: 'userIdSet',
    },
  },
  {
    name: 'logs',
    list: '/log',
    meta: {
      labelKey: 'logs.title',
      listPath: paths.personal.appLog,
      listVariants: { operation: paths.personal.operationLog },
    },
  },
];

export function endpointsOf(name: string, declared: readonly PortalResource[] = resources): ResourceEndpoints | undefined {
  return declared.find((r) => r.name === name)?.meta;
}
