import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: sessions. */
export function adminSessionsRepo(_db: Kysely<Database>) {
  return {};
}
