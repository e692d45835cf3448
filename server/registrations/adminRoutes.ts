import type { FastifyInstance } from 'fastify';
import { adminRegistrationsEndpoints as e } from '../../contract/endpoints/admin/registrations.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: registrations waiting for approval. */
export default async function adminRegistrationsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.pendingList, ({ input, services }) => services.admin.registrations.pending(input));
  serve(app, e.approve, ({ input, services, user, caller }) => services.admin.registrations.approve(user, input, caller));
  serve(app, e.reject, ({ input, services, user, caller }) => services.admin.registrations.reject(user, input, caller));
}
