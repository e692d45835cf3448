import type { FastifyInstance } from 'fastify';
import adminHomeRoutes from './home.js';
import adminOrganisationRoutes from './organisation.js';
import adminUsersRoutes from './users.js';
import adminAppsRoutes from './apps.js';
import adminGroupsRoutes from './groups.js';
import adminRequestsRoutes from './requests.js';
import adminNoticesRoutes from './notices.js';
import adminPoliciesRoutes from './policies.js';
import adminAuditRoutes from './audit.js';
import adminSessionsRoutes from './sessions.js';
import adminScimTokensRoutes from './scimTokens.js';

/** The administrators' workbench (/idaas/admin/v1/…): every route is declared `access: 'admin'`. */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    adminHomeRoutes, adminOrganisationRoutes, adminUsersRoutes, adminAppsRoutes, adminGroupsRoutes, adminRequestsRoutes,
    adminNoticesRoutes, adminPoliciesRoutes, adminAuditRoutes, adminSessionsRoutes, adminScimTokensRoutes,
  ]) {
    await app.register(routes);
  }
}
