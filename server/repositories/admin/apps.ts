import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: apps. */
export function adminAppsRepo(_db: Kysely<Database>) {
  return {};
}
