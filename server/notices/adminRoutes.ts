import type { FastifyInstance } from 'fastify';
import { adminNoticesEndpoints as e } from '../../contract/endpoints/admin/notices.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: the home page's notices and news. */
export default async function adminNoticesRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.list, ({ input, services }) => services.admin.notices.list({ kind: input.kind, published: input.published, keyword: input.keyword, sort: { field: input.sortField, order: input.sortOrder } }, input.pageNum, input.pageSize));
  serve(app, e.get, ({ input, services }) => services.admin.notices.get(input.id));
  serve(app, e.create, ({ input, services, user, caller }) => services.admin.notices.create(user, input, caller));
  serve(app, e.update, ({ input, services, user, caller }) => services.admin.notices.update(user, input, caller));
  serve(app, e.publish, ({ input, services, user, caller }) => services.admin.notices.publish(user, input.id, caller));
  serve(app, e.unpublish, ({ input, services, user, caller }) => services.admin.notices.unpublish(user, input.id, caller));
  serve(app, e.delete, ({ input, services, user, caller }) => services.admin.notices.delete(user, input.id, caller));
}
