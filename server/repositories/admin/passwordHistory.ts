import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: passwordHistory. */
export function adminPasswordHistoryRepo(_db: Kysely<Database>) {
  return {};
}
