import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { sha256 } from '../platform/lib/crypto.js';

/**
 * The provisioning token of the demo and test organisation, published in the README so an HR
 * system can be tried against /scim/v2 at once. Production never seeds it: there an
 * administrator makes the first token in the workbench.
 */
export const DEMO_SCIM_TOKEN = 'demo-scim-token';

export async function seedDemoScimToken(db: Kysely<Database>, now: number, adminRef: number): Promise<void> {
  await db.insertInto('scim_tokens').values({ name: 'Demo HR system', token_hash: sha256(DEMO_SCIM_TOKEN), created_by: adminRef, created_at: now })
    .onConflict((oc) => oc.column('token_hash').doNothing()).execute();
}
