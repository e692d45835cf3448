import type { ServiceContext } from './context.js';
import type { BaseServices } from './portalServicesType.js';
import { adminHomeService } from '../dashboard/adminService.js';
import { adminOrganisationService } from '../organisation/adminService.js';
import { adminUsersService } from '../organisation/usersAdminService.js';
import { adminAppsService } from '../apps/adminService.js';
import { adminSamlService } from '../apps/samlAdminService.js';
import { adminCasService } from '../apps/casAdminService.js';
import { adminGroupsService } from '../groups/adminService.js';
import { adminRequestsService } from '../requests/adminService.js';
import { adminNoticesService } from '../notices/adminService.js';
import { adminPoliciesService } from '../policies/adminService.js';
import { adminAuditService } from '../audit/adminService.js';
import { auditTrailService } from '../audit/trail/service.js';
import { adminSessionsService } from '../sessions/adminService.js';
import { adminScimTokensService } from '../protocols/scim/tokensAdminService.js';
import { adminRegistrationsService } from '../registrations/adminService.js';
import { directorySyncService } from '../protocols/directory/syncService.js';
import { adminUpstreamService } from '../broker/adminService.js';
import { administratorsService } from '../administrators/service.js';
import { scopeService } from '../administrators/scope.js';
import { adminZonesService } from '../risk/zonesAdminService.js';
import { adminAppRiskService } from '../risk/appRiskAdminService.js';

/** The workbench's services (`services.admin.users.create(…)`), built on the portal's. */
export function buildAdminServices(ctx: ServiceContext, base: BaseServices) {
  return {
    /** What the caller administers (administrators/scope.ts): every confined service asks this. */
    scope: scopeService(ctx, base),
    home: adminHomeService(ctx, base),
    organisation: adminOrganisationService(ctx, base),
    users: adminUsersService(ctx, base),
    apps: adminAppsService(ctx, base),
    saml: adminSamlService(ctx, base),
    cas: adminCasService(ctx, base),
    groups: adminGroupsService(ctx, base),
    requests: adminRequestsService(ctx, base),
    notices: adminNoticesService(ctx, base),
    policies: adminPoliciesService(ctx, base),
    audit: adminAuditService(ctx, base),
    trail: auditTrailService(ctx),
    sessions: adminSessionsService(ctx, base),
    scimTokens: adminScimTokensService(ctx, base),
    registrations: adminRegistrationsService(ctx, base),
    directory: directorySyncService(ctx, base),
    upstream: adminUpstreamService(ctx, base),
    administrators: administratorsService(ctx, base),
    zones: adminZonesService(ctx, base),
    appRisk: adminAppRiskService(ctx, base),
  };
}

export type AdminServices = ReturnType<typeof buildAdminServices>;
