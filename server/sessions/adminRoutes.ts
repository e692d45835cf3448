import type { FastifyInstance } from 'fastify';
import { adminSessionsEndpoints as e } from '../../contract/endpoints/admin/sessions.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: live sessions, and ending them. */
export default async function adminSessionsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.list, ({ input, services, user }) =>
    services.admin.sessions.list(user, { userId: input.userId, keyWord: input.keyWord }, { field: input.sortField, order: input.sortOrder }, input.pageNum, input.pageSize));
  serve(app, e.end, ({ input, services, user, caller }) => services.admin.sessions.end(user, input.id, caller));
  serve(app, e.endUser, ({ input, services, user, caller }) => services.admin.sessions.endUser(user, input.userId, caller));
}
