import type { EndpointSpec } from '../endpoint.js';
import { authEndpoints } from './auth.js';
import { signInEndpoints } from './signIn.js';
import { accountEndpoints } from './account.js';
import { securityEndpoints } from './security.js';
import { passwordEndpoints } from './passwords.js';
import { permissionEndpoints } from './permissions.js';
import { groupEndpoints } from './groups.js';
import { devEndpoints } from './dev.js';
import { factorEndpoints } from './factors.js';
import { signOnEndpoints } from './signOn.js';
import { upstreamEndpoints } from './upstream.js';
import { upstreamSamlEndpoints } from './upstreamSaml.js';
import { signInAlertEndpoints } from './signInAlerts.js';
import { adminAreas } from './admin/index.js';

/** Every endpoint of the API by area: the server routes them, OpenAPI and the conformance tests are made from them. */
export const apiAreas = {
  auth: authEndpoints,
  signIn: signInEndpoints,
  account: accountEndpoints,
  security: securityEndpoints,
  passwords: passwordEndpoints,
  permissions: permissionEndpoints,
  groups: groupEndpoints,
  factors: factorEndpoints,
  signOn: signOnEndpoints,
  upstream: upstreamEndpoints,
  upstreamSaml: upstreamSamlEndpoints,
  signInAlerts: signInAlertEndpoints,
  ...adminAreas,
} satisfies Record<string, Record<string, EndpointSpec>>;

/** Demo and test mode only: what the phone and the captcha picture would show. */
export const devArea = { dev: devEndpoints } satisfies Record<string, Record<string, EndpointSpec>>;

/** Every endpoint, flat, keyed "area.name"; the dev area only where the server has it. */
export function allEndpoints(withDev = true): [string, EndpointSpec][] {
  const areas: Record<string, Record<string, EndpointSpec>> = withDev ? { ...apiAreas, ...devArea } : apiAreas;
  return Object.entries(areas).flatMap(([area, list]) => Object.entries(list).map(([name, spec]): [string, EndpointSpec] => [`${area}.${name}`, spec]));
}
