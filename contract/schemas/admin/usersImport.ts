import { z } from 'zod';
import { LIMITS } from '../../rules.js';
import { text } from '../common.js';

/** The columns an import file starts with, in this order (further columns are ignored). */
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

/** The dry run: what a real run would create, and every row it would refuse. Nothing is written. */
export const importCheckResult = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  errors: z.array(importRowError),
});
export type ImportCheckResult = z.infer<typeof importCheckResult>;

/** A real run started: the job to poll, and the rows the file itself gets refused for (the store's refusals come with the status). */
export const importStarted = importCheckResult.extend({ jobId: z.string() });

/** A real run's progress; `processed` = `created` + `failed`, and `done` once it reaches `total`. */
export const importStatus = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  done: z.boolean(),
  /** Rows the store refused while writing: account name or number taken (E10602, E10603). The file's own refusals were answered by `start`. */
  errors: z.array(importRowError),
});
export type ImportStatus = z.infer<typeof importStatus>;
