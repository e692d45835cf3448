import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: requests. */
export function adminRequestsRepo(_db: Kysely<Database>) {
  return {};
}
