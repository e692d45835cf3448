import type { FastifyInstance } from 'fastify';
import { adminRequestsEndpoints as e } from '../../contract/endpoints/admin/requests.js';
import { serve } from '../platform/http/serve.js';
import { administrator } from './service.js';

/** Workbench: permission requests and administrators' overrides (the approvers' decision rule, decided as an administrator). */
export default async function adminRequestsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.list, ({ input, services }) => services.admin.requests.list(
    { status: input.status, appRef: input.appRef, applicant: input.applicant, from: input.from, to: input.to, sort: { field: input.sortField, order: input.sortOrder } }, input.pageNum, input.pageSize,
  ));
  serve(app, e.get, ({ input, services }) => services.admin.requests.get(input.id));
  serve(app, e.decide, ({ input, services, user, caller }) => services.requests.decide(administrator(user), input.applyIdList, input, caller));
}
