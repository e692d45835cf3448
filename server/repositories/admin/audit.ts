import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: audit. */
export function adminAuditRepo(_db: Kysely<Database>) {
  return {};
}
