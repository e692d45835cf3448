import type { FastifyInstance } from 'fastify';
import { adminPoliciesEndpoints as e } from '../../contract/endpoints/admin/policies.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: the policies in force, changing them, their versions and returning to one. */
export default async function adminPoliciesRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.get, ({ services }) => services.admin.policies.get());
  serve(app, e.update, ({ input, services, user, caller }) => services.admin.policies.update(user, input, caller));
  serve(app, e.history, ({ input, services }) => services.admin.policies.history(input));
  serve(app, e.version, ({ input, services }) => services.admin.policies.version(input));
  serve(app, e.rollback, ({ input, services, user, caller }) => services.admin.policies.rollback(user, input, caller));
  serve(app, e.restoreDefaults, ({ input, services, user, caller }) => services.admin.policies.restoreDefaults(user, input, caller));
}
