import { API_PREFIX, fillPath, paths } from '../../../contract/paths';

/** The single sign-on launch URL of an application (a browser navigation, not an XHR). */
export function ssoUrl(clientId: string): string {
  return `${API_PREFIX}${fillPath(paths.auth.ssoGo, { clientId })}`;
}
