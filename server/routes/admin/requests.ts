import type { FastifyInstance } from 'fastify';
import { adminRequestsEndpoints as e } from '../../../contract/endpoints/admin/requests.js';
import { serve } from '../../http/serve.js';

/** Workbench: permission requests and administrators' overrides. */
export default async function adminRequestsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.list, ({ input, services }) => services.admin.requests.list(
    { status: input.status, appRef: input.appRef, applicant: input.applicant, from: input.from, to: input.to }, input.pageNum, input.pageSize,
  ));
  serve(app, e.get, ({ input, services }) => services.admin.requests.get(input.id));
  serve(app, e.decide, ({ input, services, user, caller }) => services.admin.requests.decide(user, input, caller));
}
