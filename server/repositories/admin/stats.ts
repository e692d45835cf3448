import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: stats. */
export function adminStatsRepo(_db: Kysely<Database>) {
  return {};
}
