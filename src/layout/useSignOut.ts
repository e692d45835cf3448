import type { AuthActionResponse } from '@refinedev/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../config';
import { useSignOutWith } from '../shared/hooks/useSignOutWith';
import { authProvider } from '../providers/authProvider';

const logout = () => authProvider.logout({});

/** Logout from the portal layout: the router goes to the sign-in page with the way back; leaving <Refine> drops its query cache. */
export function useSignOut() {
  const navigate = useNavigate();
  const leave = useCallback((result: AuthActionResponse) => navigate(result.redirectTo ?? LOGIN_PATH), [navigate]);
  return useSignOutWith(logout, leave);
}
