import { useCustom } from '@refinedev/core';
import { paths } from '../../../contract/paths';
import type { HomeContent } from '../../../contract/schemas/account';

/** Notices and news of the home section; both cards share one request (same query key). */
export function useHomeContent() {
  const { query } = useCustom<HomeContent>({ url: paths.personal.homeContent, method: 'post', config: { payload: {} } });
  // Not result.data: Refine fills it with {} while loading.
  return { content: query.data?.data as HomeContent | undefined, query };
}
