import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { pageOf, emptyBody } from '../../schemas/common.js';
import { directorySettings, directoryStatus, syncRun, syncRunDetail, syncRunIdBody, syncRunListBody, syncStartBody } from '../../schemas/admin/directory.js';

/** Workbench: synchronisation from the company directory (LDAP / Active Directory). */
export const adminDirectoryEndpoints = {
  directoryStatus: endpoint({
    method: 'POST', path: '/admin/v1/directory/status', access: 'admin', duties: ['system'], summary: 'The directory connection (never its password), the mapping, the conflict rule, the schedule and the last run',
    input: emptyBody, output: directoryStatus,
  }),
  directorySettingsSave: endpoint({
    method: 'POST', path: '/admin/v1/directory/settings', access: 'admin', duties: ['system'], summary: 'Save the mapping and the conflict rule (audited)',
    input: directorySettings, output: directorySettings,
  }),
  directorySync: endpoint({
    method: 'POST', path: '/admin/v1/directory/sync', access: 'admin', duties: ['system'], summary: 'Synchronise now (full pass) or as a dry run that changes nothing; answers the run with its report',
    input: syncStartBody, output: syncRunDetail,
    codes: [CODE.directoryNotConfigured, CODE.directoryUnreachable, CODE.directorySyncBusy, CODE.directorySyncFailed],
  }),
  directoryRuns: endpoint({
    method: 'POST', path: '/admin/v1/directory/runs', access: 'admin', duties: ['system'], summary: 'Synchronisation runs, newest first',
    input: syncRunListBody, output: pageOf(syncRun),
  }),
  directoryRun: endpoint({
    method: 'POST', path: '/admin/v1/directory/run', access: 'admin', duties: ['system'], summary: 'One run with its report (rows and reasons per outcome)',
    input: syncRunIdBody, output: syncRunDetail, codes: [CODE.notFound],
  }),
} satisfies Record<string, EndpointSpec>;
