import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: notices. */
export function adminNoticesRepo(_db: Kysely<Database>) {
  return {};
}
