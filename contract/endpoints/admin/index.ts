import type { EndpointSpec } from '../../endpoint.js';
import { adminHomeEndpoints } from './home.js';
import { adminOrganisationEndpoints } from './organisation.js';
import { adminUsersEndpoints } from './users.js';
import { adminAppOwnersEndpoints, adminAppsEndpoints } from './apps.js';
import { adminAppsSignOnEndpoints } from './appsSignOn.js';
import { adminGroupsEndpoints } from './groups.js';
import { adminRequestsEndpoints } from './requests.js';
import { adminNoticesEndpoints } from './notices.js';
import { adminPoliciesEndpoints } from './policies.js';
import { adminAuditEndpoints } from './audit.js';
import { adminAuditTrailEndpoints } from './auditTrail.js';
import { adminSessionsEndpoints } from './sessions.js';
import { adminScimTokensEndpoints } from './scimTokens.js';
import { adminRegistrationsEndpoints } from './registrations.js';
import { adminSamlKeysEndpoints } from './samlKeys.js';
import { adminDirectoryEndpoints } from './directory.js';
import { adminUpstreamEndpoints } from './upstream.js';
import { adminAdministratorsEndpoints } from './administrators.js';
import { adminNetworkZonesEndpoints } from './networkZones.js';
import { adminAppsRiskEndpoints } from './appsRisk.js';

/**
 * The administrators' workbench (/systemhub): every endpoint is `access: 'admin'`, naming the duties that may call it, under
 * /admin/v1/<resource>/<action>, POST with a JSON body (list, get, create, update, delete and
 * named actions), GET only for streamed CSV downloads.
 */
export const adminAreas = {
  adminHome: adminHomeEndpoints,
  adminOrganisation: adminOrganisationEndpoints,
  adminUsers: adminUsersEndpoints,
  adminApps: adminAppsEndpoints,
  adminAppOwners: adminAppOwnersEndpoints,
  adminAppsSignOn: adminAppsSignOnEndpoints,
  adminGroups: adminGroupsEndpoints,
  adminRequests: adminRequestsEndpoints,
  adminNotices: adminNoticesEndpoints,
  adminPolicies: adminPoliciesEndpoints,
  adminAudit: adminAuditEndpoints,
  adminAuditTrail: adminAuditTrailEndpoints,
  adminSessions: adminSessionsEndpoints,
  adminScimTokens: adminScimTokensEndpoints,
  adminRegistrations: adminRegistrationsEndpoints,
  adminSamlKeys: adminSamlKeysEndpoints,
  adminDirectory: adminDirectoryEndpoints,
  adminUpstream: adminUpstreamEndpoints,
  adminAdministrators: adminAdministratorsEndpoints,
  adminNetworkZones: adminNetworkZonesEndpoints,
  adminAppsRisk: adminAppsRiskEndpoints,
} satisfies Record<string, Record<string, EndpointSpec>>;
