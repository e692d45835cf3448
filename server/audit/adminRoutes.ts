import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { adminAuditEndpoints as e } from '../../contract/endpoints/admin/audit.js';
import { langOf } from '../platform/http/envelope.js';
import { serve } from '../platform/http/serve.js';

const download = (reply: FastifyReply, name: string, chunks: AsyncIterable<string>) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(Readable.from(chunks));

/** Workbench: the sign-in and operation logs of the organisation, paged and as CSV downloads. */
export default async function adminAuditRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.signInLogList, ({ input, services, request }) => {
    const { pageNum, pageSize, sortField: _field, sortOrder, ...filters } = input;
    return services.admin.audit.signIns(filters, sortOrder, pageNum, pageSize, langOf(request));
  });
  serve(app, e.signInLogExport, async ({ input, services, request, reply }) =>
    download(reply, 'sign-in-log.csv', await services.admin.audit.signInsCsv(input, langOf(request))));
  serve(app, e.operationLogList, ({ input, services }) => {
    const { pageNum, pageSize, sortField: _field, sortOrder, ...filters } = input;
    return services.admin.audit.operations(filters, sortOrder, pageNum, pageSize);
  });
  serve(app, e.operationLogExport, async ({ input, services, request, reply }) =>
    download(reply, 'operation-log.csv', await services.admin.audit.operationsCsv(input, langOf(request))));
}
