import type { Kysely, Migration } from 'kysely';

/**
 * Which published notices each person has opened: the home page marks the others unread. One row
 * per person and notice, so opening a notice twice (two tabs, a retry) leaves one row; both go
 * with the person or the notice.
 */
export const noticeReads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('notice_reads')
      .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('notice_ref', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('notice_reads_pk', ['user_ref', 'notice_ref'])
      .execute();
    await db.schema.createIndex('notice_reads_notice_idx').on('notice_reads').column('notice_ref').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notice_reads').execute();
  },
};
