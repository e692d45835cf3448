import type { ResourceProps } from '@refinedev/core';
import { accountEndpoints as account } from '../contract/endpoints/account';
import { groupEndpoints as groups } from '../contract/endpoints/groups';
import { permissionEndpoints as permissions } from '../contract/endpoints/permissions';
import { securityEndpoints as security } from '../contract/endpoints/security';
import type { EndpointTable, ResourceEndpoints } from './shared/providers/resourceEndpoints';

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
        get: permissions.applyDetail,
        delete: permissions.cancelApply,
        idField: 'applyId',
      },
    },
  },
  {
    name: 'approvals',
    list: '/approvalAuthority',
    meta: { labelKey: 'approvals.title', endpoints: { list: permissions.awaitingApproval, actions: { decide: permissions.approve } } },
  },
  {
    name: 'mailboxes',
    list: '/mailbox',
    meta: { labelKey: 'mailboxes.title', endpoints: { list: groups.pubMailList, actions: { resetPassword: groups.pubMailResetPwd } } },
  },
  {
    // The group tabs live on the mailbox page, so groups have no route of their own.
    name: 'groups',
    meta: { labelKey: 'groups.title', hide: true, endpoints: { list: groups.groupList, actions: { handOver: groups.groupManagerUpdate } } },
  },
  {
    // The permission tab of /info; giving up the login permission is a call of its own.
    name: 'permissions',
    meta: { labelKey: 'info.tabs.change', hide: true, endpoints: { list: permissions.myPermissions, actions: { cancelRoles: permissions.cancelRoles } } },
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

/**
 * The portal's resource table for the shared data provider. What the portal creates is a
 * resource's `create` (a request, members); what it does to a row (a decision, a hand-over,
 * given-up roles, a mailbox password) is one of its named actions.
 */
export const endpointTable: EndpointTable = Object.fromEntries(resources.map((r) => [r.name, r.meta.endpoints]));
