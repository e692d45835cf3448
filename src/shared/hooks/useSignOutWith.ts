import { useNotification, type AuthActionResponse } from '@refinedev/core';
// Refine's own peer dependency: the query client of <Refine> is the one this reaches.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { errorNotice } from '../providers/notificationProvider';
import { holdReads } from '../providers/querySignal';

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
    // Reads a page mounting meanwhile would make wait (until the page leaves): sent, they answer 401.
    holdReads(true);
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
    // Still signed in: the reads held meanwhile are asked again.
    holdReads(false);
    void queryClient.refetchQueries({ type: 'active' });
    const notice = errorNotice()(result.error);
    if (notice) open?.(notice);
    setPending(false);
  }, [leave, logout, open, pending, queryClient]);

  // The page that signed out has gone (the sign-in page is outside it): the next one reads again.
  useEffect(() => () => holdReads(false), []);

  return { signOut, pending };
}
