import type { FastifyInstance } from 'fastify';
import { adminDirectoryEndpoints as e } from '../../../contract/endpoints/admin/directory.js';
import { serve } from '../../platform/http/serve.js';

/** Workbench: directory synchronisation (status, mapping and conflict rule, sync now / dry run, runs). */
export default async function adminDirectoryRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.directoryStatus, ({ services }) => services.admin.directory.status());
  serve(app, e.directorySettingsSave, ({ input, services, user, caller }) => services.admin.directory.saveSettings(user.userRef, input, caller));
  serve(app, e.directorySync, ({ input, services, user, caller }) =>
    services.admin.directory.sync({ dryRun: input.dryRun, trigger: 'workbench', actorRef: user.userRef, mode: 'full', caller }));
  serve(app, e.directoryRuns, ({ input, services }) => services.admin.directory.runs(input.pageNum, input.pageSize));
  serve(app, e.directoryRun, ({ input, services }) => services.admin.directory.run(input.id));
}
