import type { Kysely, Migration } from 'kysely';

type StoreKind = 'sqlite' | 'postgres';

/**
 * The CAS server's working state. Tickets (service and proxy) are kept by the SHA-256 of their
 * value, so the table never holds one that could still be redeemed; each is taken by one
 * conditional DELETE … RETURNING, which is what makes it single use across requests and
 * instances. A validated ticket leaves a row in `cas_sessions` naming the service and the portal
 * session it came from: when that session ends, the service gets its single-logout POST.
 */
export const cas = (kind: StoreKind): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('cas_tickets')
      .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
      // ST | PT
      .addColumn('kind', 'varchar(2)', (c) => c.notNull())
      .addColumn('service', 'varchar(2000)', (c) => c.notNull())
      .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // No foreign key: the ticket names the session even after it ended (validation then refuses it).
      .addColumn('portal_session_ref', 'integer', (c) => c.notNull())
      .addColumn('auth_time', 'bigint', (c) => c.notNull())
      // 1: issued from credentials presented for this very login request (renew, isFromNewLogin).
      .addColumn('new_login', 'integer', (c) => c.notNull())
      .addColumn('mfa', 'integer', (c) => c.notNull())
      // JSON array, most recent proxy first (proxy tickets only).
      .addColumn('proxies', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cas_tickets_expires_idx').on('cas_tickets').column('expires_at').execute();

    await db.schema.createTable('cas_pgts')
      .addColumn('pgt_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('portal_session_ref', 'integer', (c) => c.notNull())
      .addColumn('auth_time', 'bigint', (c) => c.notNull())
      .addColumn('mfa', 'integer', (c) => c.notNull())
      // JSON array: the callback this PGT was delivered to first, then the proxies before it.
      .addColumn('proxies', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cas_pgts_portal_idx').on('cas_pgts').column('portal_session_ref').execute();

    const sessions = db.schema.createTable('cas_sessions');
    await (kind === 'postgres' ? sessions.addColumn('id', 'serial', (c) => c.primaryKey()) : sessions.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
      .addColumn('portal_session_ref', 'integer', (c) => c.notNull())
      .addColumn('app_ref', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      // Where the logout request is posted: the service URL the ticket was issued for.
      .addColumn('service', 'varchar(2000)', (c) => c.notNull())
      // The validated (so spent) ticket: the SessionIndex the service knows its session by.
      .addColumn('ticket', 'varchar(100)', (c) => c.notNull())
      // The NameID, kept: the user may be gone by the time the session ends.
      .addColumn('account', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cas_sessions_portal_idx').on('cas_sessions').column('portal_session_ref').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['cas_sessions', 'cas_pgts', 'cas_tickets']) await db.schema.dropTable(table).execute();
  },
});
