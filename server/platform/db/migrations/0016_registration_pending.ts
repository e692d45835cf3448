import type { Kysely, Migration } from 'kysely';

/**
 * Self-registered accounts an administrator has not approved yet (registration policy "open with
 * approval"): they cannot sign in until approved; a rejection deletes them, freeing the account
 * name and the phone. 0 for everyone else, so no existing account changes.
 */
export const registrationPending: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('registration_pending', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('registration_pending').execute();
  },
};
