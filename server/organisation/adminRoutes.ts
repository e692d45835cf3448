import type { FastifyInstance } from 'fastify';
import { adminOrganisationEndpoints as e } from '../../contract/endpoints/admin/organisation.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: the organisation tree. */
export default async function adminOrganisationRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.orgTree, async ({ services, user }) => services.admin.organisation.tree(await services.admin.scope.people(user)));
  serve(app, e.orgCreate, ({ input, services, user, caller }) => services.admin.organisation.create(user.userRef, input, caller));
  serve(app, e.orgRename, ({ input, services, user, caller }) => services.admin.organisation.rename(user.userRef, input.id, input.name, caller));
  serve(app, e.orgMove, ({ input, services, user, caller }) => services.admin.organisation.move(user.userRef, input.id, input.parentId, caller));
  serve(app, e.orgDelete, ({ input, services, user, caller }) => services.admin.organisation.delete(user.userRef, input.id, caller));
}
