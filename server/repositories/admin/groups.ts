import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: groups. */
export function adminGroupsRepo(_db: Kysely<Database>) {
  return {};
}
