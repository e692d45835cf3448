import type { AccessControlProvider } from '@refinedev/core';
import { mayUse } from '../duty/resourceAccess';
import { workbenchAuth } from './authProvider';

/** What is never offered on the signed-in administrator's own account (the server refuses it: E40111). */
const SELF_ACTIONS = new Set(['setEnabled']);

/**
 * Hides what the caller may not do: a page or action shows only for the duties its endpoint
 * declares (duty/resourceAccess.ts), and an administrator is not offered to disable their own
 * account. Hiding only: the server decides every call on its own.
 */
export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action, params }) {
    const access = workbenchAuth.access();
    if (!access?.admin) return { can: false, reason: 'not an administrator' };
    // A path of no resource (the not-found page) is not the duties' to refuse.
    if (!resource) return { can: true };
    if (!mayUse(access, resource, action)) return { can: false, reason: 'not for this duty' };
    if (resource === 'users' && SELF_ACTIONS.has(action) && params?.self === true) return { can: false, reason: 'own account' };
    return { can: true };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
