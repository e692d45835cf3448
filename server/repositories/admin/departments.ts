import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: departments. */
export function adminDepartmentsRepo(_db: Kysely<Database>) {
  return {};
}
