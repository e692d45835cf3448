import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { adminUsersEndpoints as e } from '../../contract/endpoints/admin/users.js';
import { LIMITS } from '../../contract/rules.js';
import { langOf } from '../platform/http/envelope.js';
import { serve } from '../platform/http/serve.js';
import { uploadRoutes } from '../platform/http/upload.js';
import type { Services } from '../composition/services.js';
import type { AuthUser } from '../composition/context.js';

/** Workbench: people, their import and export. */
export default async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  // The uploads of an import: the only routes with a body beyond the app's 64 KiB, read in a
  // worker thread, IMPORTS_AT_ONCE at a time per instance (the rest answer E40130, retry).
  await app.register(async (scope) => {
    const serveUpload = uploadRoutes(scope, { bodyLimit: LIMITS.importBodyBytes, enter: (services) => services.admin.users.importEnter() });
    serveUpload(e.userImportCheck, async ({ body, services, request, user }) => services.admin.users.importCheck(body, langOf(request), await services.admin.scope.people(user)));
    serveUpload(e.userImportStart, async ({ body, services, user, caller }) => services.admin.users.importStart(user.userRef, body, caller, await services.admin.scope.people(user)));
  });
  app.addHook('onClose', async () => app.services.admin.users.importClose());

  // Every action names the caller's reach (administrators/scope.ts): a department administrator's is their subtree.
  const reach = (services: Services, user: AuthUser) => services.admin.scope.people(user);
  serve(app, e.userList, async ({ input: { pageNum, pageSize, sortField, sortOrder, ...filters }, services, user }) =>
    services.admin.users.list(await reach(services, user), filters, pageNum, pageSize, sortField ? { field: sortField, order: sortOrder ?? 'asc' } : undefined));
  serve(app, e.userGet, async ({ input, services, user }) => services.admin.users.get(await reach(services, user), input.id));
  serve(app, e.userCreate, async ({ input, services, user, caller }) => services.admin.users.create(user.userRef, input, caller, await reach(services, user)));
  serve(app, e.userUpdate, async ({ input: { id, ...patch }, services, user, caller }) => services.admin.users.update(user.userRef, id, patch, caller, await reach(services, user)));
  serve(app, e.userSetEnabled, async ({ input, services, user, caller }) => services.admin.users.setEnabled(user.userRef, input.id, input.enabled, caller, await reach(services, user)));
  serve(app, e.userDelete, async ({ input, services, user, caller }) => services.admin.users.remove(user.userRef, input.id, caller, await reach(services, user)));
  serve(app, e.userActivation, async ({ input, services, user, caller }) => services.admin.users.sendActivation(user.userRef, input, caller, await reach(services, user)));
  serve(app, e.userBatch, async ({ input, services, user, caller }) => services.admin.users.batch(user.userRef, input, caller, await reach(services, user)));
  serve(app, e.userUnlock, async ({ input, services, user, caller }) => services.admin.users.unlock(user.userRef, input.id, caller, await reach(services, user)));
  serve(app, e.userResetPassword, async ({ input, services, user, caller }) => services.admin.users.resetPassword(user.userRef, input.id, input.mode, caller, await reach(services, user)));
  serve(app, e.userEndSessions, async ({ input, services, user, caller }) => services.admin.users.endSessions(user.userRef, input.id, caller, await reach(services, user)));
  serve(app, e.userHistory, async ({ input, services, user }) => services.admin.users.history(await reach(services, user), input.id, input.pageNum, input.pageSize));
  serve(app, e.userImportStatus, async ({ input, services, user }) => services.admin.users.importStatus(input.jobId, user.userRef, await reach(services, user)));
  serve(app, e.userExport, async ({ input, services, user, caller, reply }) => {
    const lines = await services.admin.users.exportCsv(user.userRef, input, caller, await reach(services, user));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="users.csv"')
      .send(Readable.from(lines));
  });
}
