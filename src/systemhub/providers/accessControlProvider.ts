import type { AccessControlProvider } from '@refinedev/core';
import { workbenchAuth } from './authProvider';

/** What is never offered on the signed-in administrator's own account (the server refuses it: E40111). */
const SELF_ACTIONS = new Set(['disable']);

/**
 * Hides what the caller may not do: everything here needs an administrator (the auth check
 * already sent everyone else away, this covers a role taken away while the page is open), and
 * an administrator is not offered to disable their own account. Hiding only:
 * the server decides every call on its own.
 */
export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action, params }) {
    if (!workbenchAuth.access()?.admin) return { can: false, reason: 'not an administrator' };
    if (resource === 'users' && SELF_ACTIONS.has(action) && params?.self === true) return { can: false, reason: 'own account' };
    return { can: true };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
