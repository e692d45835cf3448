import { z } from 'zod';
import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { emptyBody } from '../../schemas/common.js';
import { trailExport, trailExportQuery, trailStatus, trailVerification } from '../../schemas/admin/auditTrail.js';

/**
 * Workbench, audit administrators: the tamper-evident audit trail — its state and the newest
 * verification, a verification now, and a date range exported with the checkpoints proving it
 * (JSON: records, checkpoints and public key; CSV: the records with seq, hash and canonical form).
 */
export const adminAuditTrailEndpoints = {
  trailStatus: endpoint({
    method: 'POST', path: '/admin/v1/audit-trail/status', access: 'admin', duties: ['audit'],
    summary: "The audit chain's head, newest checkpoint and signing key, and the newest verification",
    input: emptyBody, output: trailStatus,
  }),
  trailVerify: endpoint({
    method: 'POST', path: '/admin/v1/audit-trail/verify', access: 'admin', duties: ['audit'],
    summary: 'Verifies the audit chain and its signed checkpoints now; answers (and records) what it found',
    input: emptyBody, output: trailVerification,
  }),
  trailExport: endpoint({
    method: 'POST', path: '/admin/v1/audit-trail/export', access: 'admin', duties: ['audit'],
    summary: 'A date range of audit records with the signed checkpoints that prove it, as JSON',
    input: trailExportQuery, output: trailExport, codes: [CODE.rangeTooLarge],
  }),
  trailExportCsv: endpoint({
    method: 'GET', path: '/admin/v1/audit-trail/export.csv', access: 'admin', duties: ['audit'],
    summary: 'A date range of audit records with seq, hash and canonical record as CSV (the checkpoints are in the JSON export)',
    input: trailExportQuery, output: z.null(), produces: 'text/csv', codes: [CODE.rangeTooLarge],
  }),
} satisfies Record<string, EndpointSpec>;
