import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: users. */
export function adminUsersRepo(_db: Kysely<Database>) {
  return {};
}
