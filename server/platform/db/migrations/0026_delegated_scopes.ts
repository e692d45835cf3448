import type { Kysely, Migration } from 'kysely';

/**
 * A provisioning (SCIM) token may be confined to one department subtree: `dept_ref` is its root,
 * null reaches everyone. Deliberately no foreign key: a department removed later must leave the
 * token reaching nobody (its subtree is empty), never — as `on delete set null` would — everyone.
 */
export const delegatedScopes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('scim_tokens').addColumn('dept_ref', 'integer').execute();
  },
};
