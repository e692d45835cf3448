import type { FastifyInstance } from 'fastify';
import { adminScimTokensEndpoints as e } from '../../../contract/endpoints/admin/scimTokens.js';
import { serve } from '../../platform/http/serve.js';

/** Workbench: provisioning tokens. */
export default async function adminScimTokensRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.scimTokenList, ({ input, services }) =>
    services.admin.scimTokens.list({ name: input.name, revoked: input.revoked, sort: { field: input.sortField, order: input.sortOrder } }, input.pageNum, input.pageSize));
  serve(app, e.scimTokenCreate, ({ input, services, user, caller }) => services.admin.scimTokens.create(user.userRef, input.name, input.deptId ?? null, caller));
  serve(app, e.scimTokenRevoke, ({ input, services, user, caller }) => services.admin.scimTokens.revoke(user.userRef, input.id, caller));
}
