import type { AccessControlProvider } from '@refinedev/core';
import { accountEndpoints, type AccessDetail } from '../../contract/endpoints/account';
import { callThrough } from '../shared/providers/api';
import { http as defaultHttp, type Http } from '../shared/providers/http';
import { sessionStore, type SessionStore } from '../shared/providers/storage';

/** The pseudo-resource of the "System workbench" button. */
export const WORKBENCH = 'workbench';

/** Which capability a resource asks for, whatever the action; resources not named are everyone's. */
const NEEDS: Record<string, 'admin' | 'approver' | 'manager'> = {
  [WORKBENCH]: 'admin',
  // Listing, passing and rejecting requests that wait for the user.
  approvals: 'approver',
  // The public mailboxes, mail and security groups and their members the user manages.
  mailboxes: 'manager',
  groups: 'manager',
  members: 'manager',
};

/** The caller's capabilities from this session's storage, or from the server once per session. */
export async function accessDetail(http: Http, store: SessionStore): Promise<AccessDetail> {
  const known = store.access();
  if (known) return known;
  const fresh = await callThrough(http)(accountEndpoints.accessDetail, {});
  store.setAccess(fresh);
  return fresh;
}

/**
 * Hides what the user may not do: approving needs an approver, managing mailboxes, groups and
 * members needs a manager, the workbench needs an administrator; the rest (their own requests,
 * logs, account) is everyone's. Only a convenience: the server refuses all of it anyway.
 */
export function createAccessControlProvider(http: Http = defaultHttp, store: SessionStore = sessionStore): AccessControlProvider {
  return {
    async can({ resource }) {
      const needs = resource ? NEEDS[resource] : undefined;
      if (!needs) return { can: true };
      try {
        return { can: (await accessDetail(http, store))[needs] };
      } catch {
        return { can: false, reason: 'access unavailable' };
      }
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}

export const accessControlProvider = createAccessControlProvider();
