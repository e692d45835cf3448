import { authEndpoints } from '../../../contract/endpoints/auth';
import { API_PREFIX, fillPath } from '../../../contract/paths';

/** The single sign-on launch URL of an application (a browser navigation, not an XHR). */
export function ssoUrl(clientId: string): string {
  return `${API_PREFIX}${fillPath(authEndpoints.ssoGo.path, { clientId })}`;
}
