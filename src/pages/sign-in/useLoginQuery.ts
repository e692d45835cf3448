import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '../../../contract/rules';
import { RETURN_PARAM, safeReturnPath } from '../../shared/providers/returnPath';

/**
 * The page's query parameters, passed on to the login calls (appId and whatever the calling
 * application put there). Oversized entries are dropped: the server would refuse the whole call.
 * `returnTo` is the page to land on once signed in (?redirect=), when it is a safe same-origin path.
 */
export function useLoginQuery(): { appId: string | undefined; query: Record<string, string>; returnTo: string | null } {
  const [params] = useSearchParams();
  return useMemo(() => {
    const query: Record<string, string> = {};
    for (const [key, value] of params) {
      if (key.length <= LIMITS.queryKeyMax && value.length <= LIMITS.textMax) query[key] = value;
    }
    return { appId: query.appId || undefined, query, returnTo: safeReturnPath(params.get(RETURN_PARAM)) };
  }, [params]);
}
