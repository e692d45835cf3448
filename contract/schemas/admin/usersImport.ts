import { z } from 'zod';
import { LIMITS } from '../../rules.js';
import { text } from '../common.js';

/**
 * The columns an import file starts with, in this order (further columns are ignored). A row
 * whose account exists updates that person; there an empty type, phone, email or department
 * leaves the stored value as it is (a file without phones clears nobody's).
 */
export const IMPORT_COLUMNS = ['account', 'name', 'type', 'phone', 'email', 'department'] as const;

export const userImportBody = z.object({ csv: text(LIMITS.importCsvMax).min(1, 'the file is empty') });
export const userImportStatusBody = z.object({ jobId: text(LIMITS.keyMax).min(1) });

/** A row the import refuses: its line in the file, the account it names (if any) and why (a result code). */
export const importRowError = z.object({
  line: z.number().int(),
  account: z.string().nullable(),
  code: z.string(),
  /** The column a missing or too-long value is in. */
  field: z.string().nullable(),
});
export type ImportRowError = z.infer<typeof importRowError>;

const importCounts = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  errors: z.array(importRowError),
});

/** What a row does to the person of its account: a new account, changed fields, or nothing to change. */
export const ImportAction = { CREATE: 'CREATE', UPDATE: 'UPDATE', UNCHANGED: 'UNCHANGED' } as const;
export type ImportAction = (typeof ImportAction)[keyof typeof ImportAction];

/** One field a row changes, as the workbench shows it (the department by its path); null is empty. */
export const importChange = z.object({
  field: z.enum(['name', 'type', 'phone', 'email', 'department']),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ImportChange = z.infer<typeof importChange>;

export const importPlanRow = z.object({
  line: z.number().int(),
  account: z.string(),
  action: z.enum([ImportAction.UPDATE, ImportAction.UNCHANGED]),
  changes: z.array(importChange),
});
export type ImportPlanRow = z.infer<typeof importPlanRow>;

/**
 * The dry run: what a real run would do with every row it accepts (create the account, update
 * the person who has it, or leave them as they are), and every row it would refuse. Nothing is
 * written. `plan` lists the rows of existing accounts (UPDATE with the changes, UNCHANGED); the
 * accepted rows it does not list create new accounts (`creates` of them). `refusedCsv` is the refused rows as a file to correct and upload again: the file's own
 * header and cells, and a last column with the reason in the reader's language (null when none).
 */
export const importCheckResult = importCounts.extend({
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
  plan: z.array(importPlanRow),
  refusedCsv: z.string().nullable(),
});
export type ImportCheckResult = z.infer<typeof importCheckResult>;

/** A real run started: the job to poll, and the rows the file itself gets refused for (the store's refusals come with the status). */
export const importStarted = importCounts.extend({ jobId: z.string() });

/** A real run's progress; `processed` = `created` + `updated` + `unchanged` + `failed`, and `done` once it reaches `total`. */
export const importStatus = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  done: z.boolean(),
  /** Rows the store refused while writing: account name or number taken (E10602, E10603), an update refused. The file's own refusals were answered by `start`. */
  errors: z.array(importRowError),
});
export type ImportStatus = z.infer<typeof importStatus>;
