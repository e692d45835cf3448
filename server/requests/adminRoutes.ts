import type { FastifyInstance } from 'fastify';
import { adminRequestsEndpoints as e } from '../../contract/endpoints/admin/requests.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: permission requests and administrators' overrides (the approvers' decision rule, decided as an administrator). */
export default async function adminRequestsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.list, async ({ input, services, user }) => services.admin.requests.list(
    await services.admin.scope.people(user),
    { status: input.status, appRef: input.appRef, applicant: input.applicant, from: input.from, to: input.to, sort: { field: input.sortField, order: input.sortOrder } }, input.pageNum, input.pageSize,
  ));
  serve(app, e.get, async ({ input, services, user }) => services.admin.requests.get(await services.admin.scope.people(user), input.id));
  serve(app, e.decide, async ({ input, services, user, caller }) => services.admin.requests.decide(await services.admin.scope.people(user), user, input.applyIdList, input, caller));
}
