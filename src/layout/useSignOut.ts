import { useNotification, type AuthActionResponse } from '@refinedev/core';
// Refine's own peer dependency: the query client of <Refine> is the one this reaches.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../config';
import { authProvider } from '../providers/authProvider';
import { errorNotice } from '../providers/notificationProvider';

/**
 * Logout from the portal layout. Not Refine's useLogout: once the session is gone it refetches
 * the session check, the identity and whatever the page shows, and every one of those answers
 * 401 (a console error each) and sends the sign-in page on to a bare /login, losing its
 * ?redirect=. Here the page's queries are stopped first (what is still loading is aborted, so it
 * cannot come back 401 either), the session is ended, and the router goes to the sign-in page
 * with the way back; leaving <Refine> drops its query cache with it.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
    if (!result.success) {
      // Still signed in: the page stays as it was and says why.
      const notice = errorNotice()(result.error);
      if (notice) open?.(notice);
      setPending(false);
      return;
    }
    navigate(result.redirectTo ?? LOGIN_PATH);
  }, [navigate, open, pending, queryClient]);

  return { signOut, pending };
}
