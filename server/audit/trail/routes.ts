import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { adminAuditTrailEndpoints as e } from '../../../contract/endpoints/admin/auditTrail.js';
import { langOf } from '../../platform/http/envelope.js';
import { serve } from '../../platform/http/serve.js';

/** Workbench (audit administrators): the audit trail's state, a verification now, and the auditors' exports. */
export default async function adminAuditTrailRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.trailStatus, ({ services }) => services.admin.trail.status());
  serve(app, e.trailVerify, async ({ services, user }) => (await services.admin.trail.verify(user.account)).verification);
  serve(app, e.trailExport, ({ input, services }) => services.admin.trail.exportJson(input));
  serve(app, e.trailExportCsv, async ({ input, services, request, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-trail.csv"')
      .send(Readable.from(await services.admin.trail.exportCsv(input, langOf(request)))));
}
