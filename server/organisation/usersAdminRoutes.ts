import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { adminUsersEndpoints as e } from '../../contract/endpoints/admin/users.js';
import { LIMITS } from '../../contract/rules.js';
import { langOf } from '../platform/http/envelope.js';
import { serve } from '../platform/http/serve.js';
import { uploadRoutes } from '../platform/http/upload.js';

/** Workbench: people, their import and export. */
export default async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  // The uploads of an import: the only routes with a body beyond the app's 64 KiB, read in a
  // worker thread, IMPORTS_AT_ONCE at a time per instance (the rest answer E40130, retry).
  await app.register(async (scope) => {
    const serveUpload = uploadRoutes(scope, { bodyLimit: LIMITS.importBodyBytes, enter: (services) => services.admin.users.importEnter() });
    serveUpload(e.userImportCheck, ({ body, services, request }) => services.admin.users.importCheck(body, langOf(request)));
    serveUpload(e.userImportStart, ({ body, services, user, caller }) => services.admin.users.importStart(user.userRef, body, caller));
  });
  app.addHook('onClose', async () => app.services.admin.users.importClose());

  serve(app, e.userList, ({ input: { pageNum, pageSize, sortField, sortOrder, ...filters }, services }) =>
    services.admin.users.list(filters, pageNum, pageSize, sortField ? { field: sortField, order: sortOrder ?? 'asc' } : undefined));
  serve(app, e.userGet, ({ input, services }) => services.admin.users.get(input.id));
  serve(app, e.userCreate, ({ input, services, user, caller }) => services.admin.users.create(user.userRef, input, caller));
  serve(app, e.userUpdate, ({ input: { id, ...patch }, services, user, caller }) => services.admin.users.update(user.userRef, id, patch, caller));
  serve(app, e.userSetEnabled, ({ input, services, user, caller }) => services.admin.users.setEnabled(user.userRef, input.id, input.enabled, caller));
  serve(app, e.userDelete, ({ input, services, user, caller }) => services.admin.users.remove(user.userRef, input.id, caller));
  serve(app, e.userActivation, ({ input, services, user, caller }) => services.activation.send(user.userRef, input, caller));
  serve(app, e.userBatch, ({ input, services, user, caller }) => services.admin.users.batch(user.userRef, input, caller));
  serve(app, e.userUnlock, ({ input, services, user, caller }) => services.admin.users.unlock(user.userRef, input.id, caller));
  serve(app, e.userResetPassword, ({ input, services, user, caller }) => services.admin.users.resetPassword(user.userRef, input.id, input.mode, caller));
  serve(app, e.userEndSessions, ({ input, services, user, caller }) => services.admin.users.endSessions(user.userRef, input.id, caller));
  serve(app, e.userHistory, ({ input, services }) => services.admin.users.history(input.id, input.pageNum, input.pageSize));
  serve(app, e.userImportStatus, ({ input, services }) => services.admin.users.importStatus(input.jobId));
  serve(app, e.userExport, async ({ input, services, user, caller, reply }) => {
    const lines = await services.admin.users.exportCsv(user.userRef, input, caller);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="users.csv"')
      .send(Readable.from(lines));
  });
}
