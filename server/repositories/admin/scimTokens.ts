import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Workbench queries: scimTokens. */
export function adminScimTokensRepo(_db: Kysely<Database>) {
  return {};
}
