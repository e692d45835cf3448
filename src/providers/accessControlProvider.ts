import type { AccessControlProvider } from '@refinedev/core';
import { http as defaultHttp, type Http } from './http';
import { hasAdminRole, roleCodes } from './roles';
import { sessionStore, type SessionStore } from './storage';

/** The pseudo-resource of the "System workbench" button. */
export const WORKBENCH = 'workbench';

/**
 * Only the workbench is gated here (admin role codes). Everything else is allowed: the server
 * checks every record, and hiding more in the browser would add no protection.
 */
export function createAccessControlProvider(http: Http = defaultHttp, store: SessionStore = sessionStore): AccessControlProvider {
  return {
    async can({ resource }) {
      if (resource !== WORKBENCH) return { can: true };
      try {
        return { can: hasAdminRole(await roleCodes(http, store)) };
      } catch {
        return { can: false, reason: 'roles unavailable' };
      }
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}

export const accessControlProvider = createAccessControlProvider();
