import type { CreateTableBuilder, Kysely } from 'kysely';

type Table = CreateTableBuilder<string, never>;

/**
 * Second factors beyond SMS: the authenticator app (secret encrypted at rest, the last
 * accepted time step for single use, its own failure counter and lock), passkeys, hashed recovery
 * codes, the pending WebAuthn challenges (server-side, single use, expiring) and the sessions'
 * re-authentication stamps. Same statements on SQLite and PostgreSQL.
 */
export const secondFactors = (kind: 'sqlite' | 'postgres') => {
  const withId = (t: Table) =>
    kind === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createTable('totp_factors')
        .addColumn('user_ref', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret_enc', 'text', (c) => c.notNull())
        // Null while the enrolment waits for its first code: not yet a factor.
        .addColumn('confirmed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_step', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .execute();

      await withId(db.schema.createTable('passkeys'))
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_handle', 'varchar(100)', (c) => c.notNull())
        .addColumn('device_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_ref').execute();

      await withId(db.schema.createTable('recovery_codes'))
        .addColumn('user_ref', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addUniqueConstraint('recovery_codes_user_code', ['user_ref', 'code_hash'])
        .execute();

      await db.schema.createTable('webauthn_challenges')
        .addColumn('challenge', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
        .addColumn('user_ref', 'integer')
        // What the ceremony is bound to besides the user: the sign-in ticket (srmi) or the session.
        .addColumn('binding', 'varchar(100)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webauthn_challenges_expires_idx').on('webauthn_challenges').column('expires_at').execute();

      await db.schema.createTable('session_reauth')
        .addColumn('session_ref', 'integer', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
        .addColumn('reauth_at', 'bigint', (c) => c.notNull())
        .addColumn('method', 'varchar(20)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['session_reauth', 'webauthn_challenges', 'recovery_codes', 'passkeys', 'totp_factors']) await db.schema.dropTable(table).execute();
    },
  };
};
