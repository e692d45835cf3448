import type { FastifyInstance } from 'fastify';
import { adminAppsRiskEndpoints as e } from '../../contract/endpoints/admin/appsRisk.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: an application's own risk policy. */
export default async function adminAppRiskRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.riskPolicyGet, ({ input, services, user }) => services.admin.appRisk.get(user, input.id));
  serve(app, e.riskPolicyUpdate, ({ input, services, user, caller }) => services.admin.appRisk.update(user, input.id, input.policy, caller));
}
