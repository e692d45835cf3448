import { z } from 'zod';
import { isoTime, pageRequest, text } from '../common.js';

/** Directory synchronisation (LDAP / Active Directory): mapping, conflict rule, runs and their reports. */

export const DIRECTORY_PRESETS = ['openldap', 'ad'] as const;
export const CONFLICT_RULES = ['link', 'skip', 'report'] as const;
export const DEPARTMENT_SOURCES = ['ou', 'attribute'] as const;
export const SYNC_OUTCOMES = ['created', 'updated', 'moved', 'disabled', 'reenabled', 'skipped', 'failed'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

const attribute = text(64).trim().regex(/^[A-Za-z][A-Za-z0-9-]*$/, 'an LDAP attribute name');
const optionalAttribute = z.union([attribute, z.literal('')]);
const filter = text(500).trim().regex(/^\(.*\)$/, 'an LDAP filter in parentheses');

/** How directory entries become people, departments and groups; stored in the database, edited in the workbench. */
export const directoryMapping = z.object({
  preset: z.enum(DIRECTORY_PRESETS),
  userFilter: filter,
  /** The directory's stable key: entryUUID (OpenLDAP) or objectGUID (AD). */
  keyAttribute: attribute,
  accountAttribute: attribute,
  nameAttribute: attribute,
  emailAttribute: optionalAttribute,
  mobileAttribute: optionalAttribute,
  /** AD: userAccountControl, whose bit 2 marks a disabled account; empty: the directory does not say. */
  disabledAttribute: optionalAttribute,
  /** Where a person's department comes from: the OU holding their entry, or an attribute with a path like "Sales/East". */
  departmentSource: z.enum(DEPARTMENT_SOURCES),
  departmentAttribute: optionalAttribute,
  ouFilter: filter,
  groupFilter: filter,
  /** Incremental runs read only entries changed since the last run's high-water mark of this attribute. */
  changeAttribute: z.enum(['modifyTimestamp', 'uSNChanged']),
});
export type DirectoryMapping = z.infer<typeof directoryMapping>;

export const directorySettings = z.object({
  mapping: directoryMapping,
  /** A local account (not from the directory) with the same account name: link it, skip the entry, or report it as a failure. */
  conflictRule: z.enum(CONFLICT_RULES),
});
export type DirectorySettings = z.infer<typeof directorySettings>;

export const directoryStatus = z.object({
  configured: z.boolean(),
  /** From LDAP_*; the bind password is never answered. */
  url: z.string().nullable(),
  baseDn: z.string().nullable(),
  bindDn: z.string().nullable(),
  /** DIRECTORY_SYNC_MINUTES; 0: no schedule. */
  scheduleMinutes: z.number().int(),
  settings: directorySettings,
  presets: z.record(z.enum(DIRECTORY_PRESETS), directoryMapping),
  lastRun: z.object({ id: z.string(), status: z.string(), startedAt: isoTime, finishedAt: isoTime.nullable() }).nullable(),
  running: z.boolean(),
});
export type DirectoryStatus = z.infer<typeof directoryStatus>;

export const syncCounts = z.object(Object.fromEntries(SYNC_OUTCOMES.map((o) => [o, z.number().int()])) as Record<SyncOutcome, z.ZodNumber>);
export type SyncCounts = z.infer<typeof syncCounts>;

/** One row of a report: what it was about (person, department, group), its directory name and why. */
export const syncReportRow = z.object({
  kind: z.enum(['user', 'department', 'group']),
  name: z.string(),
  dn: z.string().nullable(),
  reason: z.string(),
});
export type SyncReportRow = z.infer<typeof syncReportRow>;

export const syncRun = z.object({
  id: z.string(),
  trigger: z.string(),
  dryRun: z.boolean(),
  mode: z.string(),
  status: z.string(),
  startedAt: isoTime,
  finishedAt: isoTime.nullable(),
  errorCode: z.string().nullable(),
  counts: syncCounts,
});
export type SyncRun = z.infer<typeof syncRun>;

/** A run with its report: each outcome's rows (at most REPORT_ROWS_MAX each; the counts are complete). */
export const syncRunDetail = syncRun.extend({
  report: z.record(z.enum(SYNC_OUTCOMES), z.array(syncReportRow)),
  errorMessage: z.string().nullable(),
});
export type SyncRunDetail = z.infer<typeof syncRunDetail>;

export const syncStartBody = z.object({ dryRun: z.boolean() });
export const syncRunListBody = pageRequest;
export const syncRunIdBody = z.object({ id: text(32).trim().min(1) });
