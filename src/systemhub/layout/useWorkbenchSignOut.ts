import { useNotification, type AuthActionResponse } from '@refinedev/core';
// Refine's own peer dependency: the query client of <Refine> is the one this reaches.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorNotice } from '../../providers/notificationProvider';
import { authProvider } from '../providers/authProvider';

/**
 * Logout from the workbench, as the portal's useSignOut does it. Not Refine's useLogout: once the
 * session is gone it refetches the session check, the identity and the open page's data, and
 * each of those answers 401 while the browser is still leaving. Here the queries are stopped
 * first (what is still loading is aborted), the session is ended, and the provider sends the
 * browser to the portal's sign-in page with the way back to the workbench page that was open.
 */
export function useWorkbenchSignOut() {
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    if (pending) return;
    setPending(true);
    let result: AuthActionResponse;
    try {
      await queryClient.cancelQueries();
      result = await authProvider.logout({});
    } catch (error) {
      result = { success: false, error: error as Error };
    }
    // Signed out: the page is already on its way to the sign-in page, so it stays pending.
    if (result.success) return;
    // Still signed in: the page stays as it was and says why.
    const notice = errorNotice()(result.error);
    if (notice) open?.(notice);
    setPending(false);
  }, [open, pending, queryClient]);

  return { signOut, pending };
}
