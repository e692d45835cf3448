import { upstreamEndpoints } from '../../../../contract/endpoints/upstream';
import { API_PREFIX } from '../../../../contract/paths';
import { call } from '../../../shared/providers/api';

/** Where a provider's button sends the browser: the server's start, which goes on to the provider (a navigation, not a call). */
export function startHref(provider: string, appId: string | undefined, returnTo: string | null): string {
  const query = new URLSearchParams({ provider });
  if (appId) query.set('appId', appId);
  if (returnTo) query.set('redirect', returnTo);
  return `${API_PREFIX}${upstreamEndpoints.start.path}?${query.toString()}`;
}

export const loadButtons = (appId: string | undefined) => call(upstreamEndpoints.providers, appId ? { appId } : {});
