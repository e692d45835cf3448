import { z } from 'zod';
import { CODE, CODE_GROUPS } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { nothing, pageOf } from '../../schemas/common.js';
import {
  adminUserDetail, adminUserItem, passwordResetResult, sessionsEnded, signInEntry, userCreateBody, userExportQuery, userHistoryBody,
  userActivationBody, userActivationResult, userBatchBody, userBatchResult, userListBody, userRefBody, userResetPasswordBody, userSetEnabledBody, userUpdateBody,
} from '../../schemas/admin/users.js';
import { importCheckResult, importStarted, importStatus, userImportBody, userImportStatusBody } from '../../schemas/admin/usersImport.js';

const base = '/admin/v1/users';

/** What registration refuses of an account, a phone or an email, answered alike here. */
const USER_FIELD_CODES = [CODE.accountNameInvalid, CODE.mobileInvalid, CODE.emailInvalid, CODE.deptUnknown] as const;
/** The account name or the number is someone else's (E10604 when a racing write took one of them). */
const TAKEN_CODES = [CODE.accountNameTaken, CODE.mobileRegistered, CODE.accountOrMobileTaken] as const;
/** A whole import file refused before any row is looked at, or not read now: the instance is busy with others (E40130, Retry-After). */
const FILE_CODES = [CODE.importHeader, CODE.importMalformed, CODE.importTooManyRows, CODE.importBusy] as const;

/** Workbench: people — search, create and edit, enable, unlock, password resets, sign-in history, CSV import and export. */
export const adminUsersEndpoints = {
  userList: endpoint({
    method: 'POST', path: `${base}/list`, access: 'admin', duties: ['system', 'security', 'department'], summary: 'People by account, name or phone prefix, department (with those below; a department that is gone matches nobody), type and state; by account, or sorted by name or creation time',
    input: userListBody, output: pageOf(adminUserItem), codes: [],
  }),
  userGet: endpoint({
    method: 'POST', path: `${base}/get`, access: 'admin', duties: ['system', 'security', 'department'], summary: 'One person: what the personal centre shows, roles, and the state of the account',
    input: userRefBody, output: adminUserDetail, codes: [CODE.notFound, CODE.outsideScope],
  }),
  userCreate: endpoint({
    method: 'POST', path: `${base}/create`, access: 'admin', duties: ['system', 'department'], summary: 'Add a person (EMPLOYEE role, no password until one is generated or set by phone)',
    input: userCreateBody, output: adminUserDetail, codes: [...USER_FIELD_CODES, ...TAKEN_CODES, CODE.outsideScope],
  }),
  userUpdate: endpoint({
    method: 'POST', path: `${base}/update`, access: 'admin', duties: ['system', 'department'], summary: "Change a person's fields; only those sent change",
    input: userUpdateBody, output: adminUserDetail, codes: [CODE.notFound, ...USER_FIELD_CODES, ...TAKEN_CODES, CODE.directoryOwnedField, CODE.adminCredentials, CODE.outsideScope],
  }),
  userSetEnabled: endpoint({
    method: 'POST', path: `${base}/set-enabled`, access: 'admin', duties: ['system', 'department'], summary: 'Enable or disable an account; disabling ends its sessions at once',
    input: userSetEnabledBody, output: nothing, codes: [CODE.notFound, CODE.selfDisable, CODE.outsideScope, CODE.adminCredentials],
  }),
  userDelete: endpoint({
    method: 'POST', path: `${base}/delete`, access: 'admin', duties: ['system', 'department'],
    summary: 'Delete a person who holds no records others depend on (else E40131: disable instead); their sessions, devices and memberships go with them',
    input: userRefBody, output: nothing, codes: [CODE.notFound, CODE.selfDelete, CODE.userHoldsRecords, CODE.outsideScope, CODE.adminCredentials],
  }),
  userActivation: endpoint({
    method: 'POST', path: `${base}/activation`, access: 'admin', duties: ['system', 'department'],
    summary: 'A single-use link to set a password, valid ACTIVATION_HOURS (72 h): texted through the outbox and its budgets, or answered once to hand over; earlier links stop working',
    input: userActivationBody, output: userActivationResult, codes: [CODE.notFound, CODE.adminCredentials, CODE.noUsablePhone, CODE.smsRefused, ...CODE_GROUPS.smsBudget, CODE.outsideScope],
  }),
  userBatch: endpoint({
    method: 'POST', path: `${base}/batch`, access: 'admin', duties: ['system', 'department'],
    summary: 'Enable, disable, move, delete, sign out, require a password change or text an activation link for up to 200 people: each on their own (audited, all or nothing per person), a result per person',
    input: userBatchBody, output: userBatchResult, codes: [CODE.deptUnknown, CODE.outsideScope],
  }),
  userUnlock: endpoint({
    method: 'POST', path: `${base}/unlock`, access: 'admin', duties: ['security'], summary: 'Lift the lock and clear the failed sign-ins of an account',
    input: userRefBody, output: nothing, codes: [CODE.notFound],
  }),
  userResetPassword: endpoint({
    method: 'POST', path: `${base}/reset-password`, access: 'admin', duties: ['system', 'department'], summary: 'Generate a one-time password (answered once) or require a change; the next sign-in answers E30067; sessions end',
    input: userResetPasswordBody, output: passwordResetResult, codes: [CODE.notFound, CODE.userNoPassword, CODE.adminCredentials, CODE.outsideScope],
  }),
  userEndSessions: endpoint({
    method: 'POST', path: `${base}/end-sessions`, access: 'admin', duties: ['security'], summary: 'Sign a person out everywhere',
    input: userRefBody, output: sessionsEnded, codes: [CODE.notFound],
  }),
  userHistory: endpoint({
    method: 'POST', path: `${base}/history`, access: 'admin', duties: ['system', 'security', 'audit', 'department'], summary: "A person's sign-ins and application launches, newest first",
    input: userHistoryBody, output: pageOf(signInEntry), codes: [CODE.notFound, CODE.outsideScope],
  }),
  userImportCheck: endpoint({
    method: 'POST', path: `${base}/import/check`, access: 'admin', duties: ['system', 'department'], summary: 'Dry run of a CSV import: each row it would create, update (the changes) or leave unchanged, every row it would refuse with its reason, and those as a file; writes nothing',
    input: userImportBody, output: importCheckResult, codes: [...FILE_CODES, CODE.outsideScope],
  }),
  userImportStart: endpoint({
    method: 'POST', path: `${base}/import/start`, access: 'admin', duties: ['system', 'department'], summary: 'Import a CSV, upserting by account: rows checked again, new accounts written in batches, existing people updated one by one (audited); answers a job to poll',
    input: userImportBody, output: importStarted, codes: [...FILE_CODES, CODE.outsideScope],
  }),
  userImportStatus: endpoint({
    method: 'POST', path: `${base}/import/status`, access: 'admin', duties: ['system', 'department'], summary: "An import's progress (any instance can answer it)",
    input: userImportStatusBody, output: importStatus, codes: [CODE.notFound, CODE.outsideScope],
  }),
  userExport: endpoint({
    method: 'GET', path: `${base}/export`, access: 'admin', duties: ['system', 'department'], summary: 'The filtered list as CSV, streamed in account order',
    input: userExportQuery, output: z.null(), produces: 'text/csv', codes: [],
  }),
} satisfies Record<string, EndpointSpec>;
