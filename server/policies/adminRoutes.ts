import type { FastifyInstance } from 'fastify';
import { adminPoliciesEndpoints as e } from '../../contract/endpoints/admin/policies.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: the policies in force, and changing them. */
export default async function adminPoliciesRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.get, ({ services }) => services.admin.policies.get());
  serve(app, e.update, ({ input, services, user, caller }) => services.admin.policies.update(user, input, caller));
}
