import type { Kysely, Migration } from 'kysely';

/**
 * A person's given and family names as a provisioning client (SCIM) sent them, beside the full
 * name the portal shows (user_name). Identity providers write name.givenName/familyName and
 * re-send them every cycle when the read-back differs, so what they write must read back.
 * Null when never sent (the workbench and registration keep only the full name).
 */
export const scimNameParts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('given_name', 'varchar(100)').execute();
    await db.schema.alterTable('users').addColumn('family_name', 'varchar(100)').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('family_name').execute();
    await db.schema.alterTable('users').dropColumn('given_name').execute();
  },
};
