import { sql, type Kysely } from 'kysely';

/**
 * Limits that hold under concurrency: one counter table for every budget (sign-in attempts,
 * SMS sends, registrations), device trust by a server-issued token, and an SMS outbox that a
 * worker drains so no request waits for the gateway.
 */
export const limits = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('login_failures').renameTo('limit_counters').execute();
    await db.schema.alterTable('limit_counters').renameColumn('failures', 'hits').execute();

    await db.schema.alterTable('devices').addColumn('trust_hash', 'varchar(64)').execute();
    await db.schema.createIndex('devices_trust_idx').on('devices').column('trust_hash').execute();

    await db.schema.alterTable('sms_outbox').addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('sent')).execute();
    await db.schema.alterTable('sms_outbox').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('sms_outbox').addColumn('next_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    /** Counter subjects charged for this text, given back when it cannot be delivered. */
    await db.schema.alterTable('sms_outbox').addColumn('charges', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.createIndex('sms_outbox_due_idx').on('sms_outbox').columns(['status', 'next_at']).execute();
    await sql`select 1`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('sms_outbox_due_idx').ifExists().execute();
    for (const column of ['charges', 'next_at', 'attempts', 'status']) await db.schema.alterTable('sms_outbox').dropColumn(column).execute();
    await db.schema.dropIndex('devices_trust_idx').ifExists().execute();
    await db.schema.alterTable('devices').dropColumn('trust_hash').execute();
    await db.schema.alterTable('limit_counters').renameColumn('hits', 'failures').execute();
    await db.schema.alterTable('limit_counters').renameTo('login_failures').execute();
  },
};
