import type { FastifyInstance } from 'fastify';
import { adminUpstreamEndpoints as e } from '../../contract/endpoints/admin/upstream.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: the identity providers people may sign in through. */
export default async function adminUpstreamRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.list, ({ services }) => services.admin.upstream.list());
  serve(app, e.create, ({ input, services, user, caller }) => services.admin.upstream.create(user, input, caller));
  serve(app, e.update, ({ input, services, user, caller }) => services.admin.upstream.update(user, input, caller));
  serve(app, e.delete, ({ input, services, user, caller }) => services.admin.upstream.delete(user, input.code, caller));
}
