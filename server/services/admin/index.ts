import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';
import { adminHomeService } from './home.js';
import { adminOrganisationService } from './organisation.js';
import { adminUsersService } from './users.js';
import { adminAppsService } from './apps.js';
import { adminGroupsService } from './groups.js';
import { adminRequestsService } from './requests.js';
import { adminNoticesService } from './notices.js';
import { adminPoliciesService } from './policies.js';
import { adminAuditService } from './audit.js';
import { adminSessionsService } from './sessions.js';
import { adminScimTokensService } from './scimTokens.js';

/** The workbench's services (`services.admin.users.create(…)`), built on the portal's. */
export function buildAdminServices(ctx: ServiceContext, base: BaseServices) {
  return {
    home: adminHomeService(ctx, base),
    organisation: adminOrganisationService(ctx, base),
    users: adminUsersService(ctx, base),
    apps: adminAppsService(ctx, base),
    groups: adminGroupsService(ctx, base),
    requests: adminRequestsService(ctx),
    notices: adminNoticesService(ctx, base),
    policies: adminPoliciesService(ctx, base),
    audit: adminAuditService(ctx, base),
    sessions: adminSessionsService(ctx, base),
    scimTokens: adminScimTokensService(ctx, base),
  };
}

export type AdminServices = ReturnType<typeof buildAdminServices>;
