import type { FastifyInstance } from 'fastify';
import adminHomeRoutes from '../dashboard/adminRoutes.js';
import adminOrganisationRoutes from '../organisation/adminRoutes.js';
import adminUsersRoutes from '../organisation/usersAdminRoutes.js';
import adminAppsRoutes from '../apps/adminRoutes.js';
import adminAppsSignOnRoutes from '../apps/signOnAdminRoutes.js';
import adminGroupsRoutes from '../groups/adminRoutes.js';
import adminRequestsRoutes from '../requests/adminRoutes.js';
import adminNoticesRoutes from '../notices/adminRoutes.js';
import adminUpstreamRoutes from '../broker/adminRoutes.js';
import adminPoliciesRoutes from '../policies/adminRoutes.js';
import adminAuditRoutes from '../audit/adminRoutes.js';
import adminAuditTrailRoutes from '../audit/trail/routes.js';
import adminSessionsRoutes from '../sessions/adminRoutes.js';
import adminScimTokensRoutes from '../protocols/scim/tokensAdminRoutes.js';
import adminRegistrationsRoutes from '../registrations/adminRoutes.js';
import adminSamlKeysRoutes from '../protocols/saml/keysAdminRoutes.js';
import adminDirectoryRoutes from '../protocols/directory/adminRoutes.js';
import adminAdministratorsRoutes from '../administrators/routes.js';
import adminZonesRoutes from '../risk/zonesAdminRoutes.js';
import adminAppRiskRoutes from '../risk/appRiskAdminRoutes.js';

/** The administrators' workbench (/idaas/admin/v1/…): every route is declared `access: 'admin'` with the duties that may call it. */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    adminHomeRoutes, adminOrganisationRoutes, adminUsersRoutes, adminAppsRoutes, adminAppsSignOnRoutes, adminGroupsRoutes, adminRequestsRoutes,
    adminNoticesRoutes, adminPoliciesRoutes, adminAuditRoutes, adminAuditTrailRoutes, adminSessionsRoutes, adminScimTokensRoutes, adminRegistrationsRoutes, adminSamlKeysRoutes, adminDirectoryRoutes, adminUpstreamRoutes,
    adminAdministratorsRoutes, adminZonesRoutes, adminAppRiskRoutes,
  ]) {
    await app.register(routes);
  }
}
