import type { FastifyInstance } from 'fastify';
import { adminAdministratorsEndpoints as e } from '../../contract/endpoints/admin/administrators.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: who holds which administrator duty. */
export default async function adminAdministratorsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.administratorList, ({ services }) => services.admin.administrators.list());
  serve(app, e.administratorAssign, ({ input, services, user, caller }) => services.admin.administrators.assign(user, input, caller));
  serve(app, e.administratorRevoke, ({ input, services, user, caller }) => services.admin.administrators.revoke(user, input.id, caller));
}
