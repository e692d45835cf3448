import { securityEndpoints } from '../../../contract/endpoints/security';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';

/** Notices and news of the home section; both cards share one request (same query key). */
export function useHomeContent() {
  const { data, query } = useEndpointQuery(securityEndpoints.homeContent, {});
  return { content: data, query };
}
