import { useNotification, type AuthActionResponse } from '@refinedev/core';
// Refine's own peer dependency: the query client of <Refine> is the one this reaches.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorNotice } from '../providers/notificationProvider';

/**
 * Logout for a Refine app (the portal, the workbench). Not Refine's useLogout: once the session is
 * gone it refetches the session check, the identity and the open page's data, and each of those
 * answers 401 (a console error each). Here the queries are stopped first (what is still loading
 * is aborted), then `logout` ends the session; `leave` takes the browser on when it succeeded,
 * and a refusal leaves the page as it was and says why.
 */
export function useSignOutWith(logout: () => Promise<AuthActionResponse>, leave: (result: AuthActionResponse) => void) {
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    if (pending) return;
    setPending(true);
    let result: AuthActionResponse;
    try {
      await queryClient.cancelQueries();
      result = await logout();
    } catch (error) {
      result = { success: false, error: error as Error };
    }
    // Signed out: the page is on its way out, so it stays pending.
    if (result.success) {
      leave(result);
      return;
    }
    const notice = errorNotice()(result.error);
    if (notice) open?.(notice);
    setPending(false);
  }, [leave, logout, open, pending, queryClient]);

  return { signOut, pending };
}
