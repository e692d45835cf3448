import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountEndpoints } from '../../../contract/endpoints/account';

/**
 * The launch itself happens in another tab, so the count changes after this page asked: the info
 * cards ask again once now and once more when the user comes back to this tab.
 */
export function useRefreshSsoToday() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const url = accountEndpoints.todayNum.path;
    const refresh = () =>
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.some((part) => typeof part === 'object' && part !== null && (part as { url?: unknown }).url === url),
      });
    refresh();
    window.addEventListener('focus', refresh, { once: true });
  }, [queryClient]);
}
