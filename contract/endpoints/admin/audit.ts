import { z } from 'zod';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { pageOf } from '../../schemas/common.js';
import {
  adminOperationLogRow, adminSignInLogRow, operationLogExportQuery, operationLogListBody, signInLogExportQuery, signInLogListBody,
} from '../../schemas/admin/audit.js';

/**
 * Workbench: the organisation's sign-in log and operation log (administrators' changes with what
 * they touched and the values before and after), newest first, and each as a streamed CSV of the
 * same filters.
 */
export const adminAuditEndpoints = {
  signInLogList: endpoint({
    method: 'POST', path: '/admin/v1/sign-in-log/list', access: 'admin', duties: ['audit'], summary: 'Sign-in attempts of everyone: by account, application, result, address, type and time',
    input: signInLogListBody, output: pageOf(adminSignInLogRow),
  }),
  signInLogExport: endpoint({
    method: 'GET', path: '/admin/v1/sign-in-log/export', access: 'admin', duties: ['audit'], summary: 'The filtered sign-in log as CSV, streamed',
    input: signInLogExportQuery, output: z.null(), produces: 'text/csv',
  }),
  operationLogList: endpoint({
    method: 'POST', path: '/admin/v1/operation-log/list', access: 'admin', duties: ['audit'], summary: "Everyone's account operations and administrators' changes: by account, scene, target, address and time",
    input: operationLogListBody, output: pageOf(adminOperationLogRow),
  }),
  operationLogExport: endpoint({
    method: 'GET', path: '/admin/v1/operation-log/export', access: 'admin', duties: ['audit'], summary: 'The filtered operation log as CSV, streamed',
    input: operationLogExportQuery, output: z.null(), produces: 'text/csv',
  }),
} satisfies Record<string, EndpointSpec>;
