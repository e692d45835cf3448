import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '../../../contract/rules';

/**
 * The page's query parameters, passed on to the login calls (appId and whatever the calling
 * application put there). Oversized entries are dropped: the server would refuse the whole call.
 */
export function useLoginQuery(): { appId: string | undefined; query: Record<string, string> } {
  const [params] = useSearchParams();
  return useMemo(() => {
    const query: Record<string, string> = {};
    for (const [key, value] of params) {
      if (key.length <= LIMITS.queryKeyMax && value.length <= LIMITS.textMax) query[key] = value;
    }
    return { appId: query.appId || undefined, query };
  }, [params]);
}
