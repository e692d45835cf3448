import type { Kysely, Migration } from 'kysely';

/**
 * The retention job deletes what expired in batches of oldest-first rows; without an index on
 * the expiry each batch would scan the whole table. (Sessions, OIDC records and both logs
 * already have theirs.)
 */
export const retentionIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('otps_expires_idx').on('otps').column('expires_at').execute();
    await db.schema.createIndex('tickets_expires_idx').on('tickets').column('expires_at').execute();
    await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();
    await db.schema.createIndex('sm2_replay_expires_idx').on('sm2_replay').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const name of ['sm2_replay_expires_idx', 'captchas_expires_idx', 'tickets_expires_idx', 'otps_expires_idx']) await db.schema.dropIndex(name).execute();
  },
};
