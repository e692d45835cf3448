import type { Plugin } from 'vite';
import * as account from '../contract/endpoints/account.js';
import * as auth from '../contract/endpoints/auth.js';
import * as dev from '../contract/endpoints/dev.js';
import * as factors from '../contract/endpoints/factors.js';
import * as groups from '../contract/endpoints/groups.js';
import * as index from '../contract/endpoints/index.js';
import * as passkeySignIn from '../contract/endpoints/passkeySignIn.js';
import * as passwords from '../contract/endpoints/passwords.js';
import * as permissions from '../contract/endpoints/permissions.js';
import * as security from '../contract/endpoints/security.js';
import * as signIn from '../contract/endpoints/signIn.js';
import * as signInAlerts from '../contract/endpoints/signInAlerts.js';
import * as upstream from '../contract/endpoints/upstream.js';
import * as upstreamSaml from '../contract/endpoints/upstreamSaml.js';
import * as adminApps from '../contract/endpoints/admin/apps.js';
import * as adminAppsSignOn from '../contract/endpoints/admin/appsSignOn.js';
import * as adminAppsRisk from '../contract/endpoints/admin/appsRisk.js';
import * as adminNetworkZones from '../contract/endpoints/admin/networkZones.js';
import * as adminAudit from '../contract/endpoints/admin/audit.js';
import * as adminAuditTrail from '../contract/endpoints/admin/auditTrail.js';
import * as adminDirectory from '../contract/endpoints/admin/directory.js';
import * as adminGroups from '../contract/endpoints/admin/groups.js';
import * as adminHome from '../contract/endpoints/admin/home.js';
import * as adminIndex from '../contract/endpoints/admin/index.js';
import * as adminNotices from '../contract/endpoints/admin/notices.js';
import * as adminOrganisation from '../contract/endpoints/admin/organisation.js';
import * as adminPolicies from '../contract/endpoints/admin/policies.js';
import * as adminRegistrations from '../contract/endpoints/admin/registrations.js';
import * as adminRequests from '../contract/endpoints/admin/requests.js';
import * as adminSamlKeys from '../contract/endpoints/admin/samlKeys.js';
import * as adminScimTokens from '../contract/endpoints/admin/scimTokens.js';
import * as adminSessions from '../contract/endpoints/admin/sessions.js';
import * as adminUsers from '../contract/endpoints/admin/users.js';
import * as adminUpstream from '../contract/endpoints/admin/upstream.js';
import * as adminAdministrators from '../contract/endpoints/admin/administrators.js';

/** By path under contract/endpoints, without the extension (the workbench's areas live in admin/). */
const AREAS: Record<string, Record<string, unknown>> = {
  account, auth, dev, factors, groups, index, passkeySignIn, passwords, permissions, security, signIn, signInAlerts, upstream, upstreamSaml,
  'admin/apps': adminApps,
  'admin/appsSignOn': adminAppsSignOn,
  'admin/appsRisk': adminAppsRisk,
  'admin/networkZones': adminNetworkZones,
  'admin/audit': adminAudit,
  'admin/auditTrail': adminAuditTrail,
  'admin/directory': adminDirectory,
  'admin/groups': adminGroups,
  'admin/home': adminHome,
  'admin/index': adminIndex,
  'admin/notices': adminNotices,
  'admin/organisation': adminOrganisation,
  'admin/policies': adminPolicies,
  'admin/registrations': adminRegistrations,
  'admin/requests': adminRequests,
  'admin/samlKeys': adminSamlKeys,
  'admin/scimTokens': adminScimTokens,
  'admin/sessions': adminSessions,
  'admin/users': adminUsers,
  'admin/upstream': adminUpstream,
  'admin/administrators': adminAdministrators,
};

function isSpec(value: unknown): value is { method: string; path: string; redirect?: true; duties?: readonly string[] } {
  return !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'output' in value;
}

/**
 * An endpoint as the browser needs it: method and path (the types still come from the real
 * declaration), and for the workbench the duties that may call it, so its menu and buttons are
 * made from the same lists the server enforces (none of the sign-in page's endpoints has any).
 */
function light(value: unknown): unknown {
  if (isSpec(value)) return { method: value.method, path: value.path, ...(value.redirect ? { redirect: true } : {}), ...(value.duties ? { duties: value.duties } : {}) };
  if (Array.isArray(value)) return value.map(light);
  if (value && typeof value === 'object') {
    if ('_zod' in value) return undefined;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, light(v)]));
  }
  return typeof value === 'function' ? undefined : value;
}

/**
 * The browser build's view of contract/endpoints/*.ts: each declaration reduced to its method
 * and path (and duties), with the zod schemas left out. The SPA's typed client (src/shared/providers/api.ts) reads
 * method and path from the declarations and its types from the real files, so no schema and no
 * zod reach the browser, and the sign-in page may import an area file for nothing.
 * Exports that are neither data nor declarations (functions, schemas) are left out; importing
 * one in browser code fails the build.
 */
export function clientEndpoints(): Plugin {
  return {
    name: 'idaas:client-endpoints',
    enforce: 'pre',
    load(id) {
      const match = /[\\/]contract[\\/]endpoints[\\/]((?:admin[\\/])?\w+)\.ts$/.exec(id.split('?')[0]);
      if (!match) return null;
      const area = AREAS[match[1].replace('\\', '/')];
      // An area missing here would reach the browser whole, schemas and zod with it (the sign-in
      // page's download budget broke that way once): name it above.
      if (!area) throw new Error(`contract/endpoints/${match[1]}.ts is not listed in build/clientEndpoints.ts`);
      const lines = Object.entries(area)
        .map(([name, value]) => [name, light(value)] as const)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`);
      return lines.join('\n');
    },
  };
}
