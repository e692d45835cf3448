import { sql, type Kysely, type Migration } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

const GENESIS = '0'.repeat(64);

/**
 * The tamper-evident audit trail (docs/DECISIONS.md, "The audit trail"). Both log tables gain
 * `seq` (one sequence over both) and `hash`; `audit_head` is the one row every chained write
 * locks and advances; `audit_checkpoints` holds the signed checkpoints and prune records;
 * `audit_verifications` what each verification found. Triggers refuse UPDATE on the logs and
 * DELETE of chained rows that retention has not released, and any change to a checkpoint.
 * The logs no longer reference users: deleting a person keeps what they did (SQLite cannot drop
 * a foreign key, so both tables are rebuilt, their indexes recreated as they were).
 */
export function auditTrail(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await rebuildWithoutUserKey(db);
      else {
        for (const table of ['login_history', 'operation_log']) {
          const keys = await sql<{ conname: string }>`select conname from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`.execute(db);
          for (const { conname } of keys.rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(conname)}`.execute(db);
          await db.schema.alterTable(table).addColumn('seq', 'bigint').execute();
          await db.schema.alterTable(table).addColumn('hash', 'varchar(64)').execute();
        }
      }
      for (const table of ['login_history', 'operation_log']) {
        await db.schema.createIndex(`${table}_seq_idx`).on(table).column('seq').unique().execute();
      }

      await db.schema.createTable('audit_head')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('algorithm', 'varchar(16)', (c) => c.notNull())
        .addColumn('pruned_through', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into audit_head (id, seq, hash, algorithm, pruned_through) values (1, 0, ${GENESIS}, 'sha256', 0)`.execute(db);

      const id = (t: ReturnType<typeof db.schema.createTable>) =>
        dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await id(db.schema.createTable('audit_checkpoints'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('seq_from', 'bigint', (c) => c.notNull())
        .addColumn('seq_to', 'bigint', (c) => c.notNull())
        .addColumn('head_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('algorithm', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('key_fingerprint', 'varchar(64)', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .execute();
      // Two instances offering the same next range: the second insert finds it taken.
      await db.schema.createIndex('audit_checkpoints_from_idx').on('audit_checkpoints').columns(['kind', 'seq_from']).unique().execute();
      await db.schema.createIndex('audit_checkpoints_to_idx').on('audit_checkpoints').columns(['kind', 'seq_to']).unique().execute();

      await id(db.schema.createTable('audit_verifications'))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', (c) => c.notNull())
        .addColumn('actor', 'varchar(64)', (c) => c.notNull())
        .addColumn('result', 'varchar(16)', (c) => c.notNull())
        .addColumn('kind', 'varchar(32)')
        .addColumn('first_bad_seq', 'bigint')
        .addColumn('records', 'bigint', (c) => c.notNull())
        .addColumn('checkpoints', 'integer', (c) => c.notNull())
        .addColumn('detail', 'varchar(500)')
        .execute();
      await db.schema.createIndex('audit_verifications_time_idx').on('audit_verifications').column('finished_at').execute();

      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        for (const table of ['login_history', 'operation_log', 'audit_checkpoints', 'audit_head']) {
          for (const name of ['no_update', 'no_delete', 'no_truncate']) await sql`drop trigger if exists ${sql.raw(`${table}_${name}`)} on ${sql.table(table)}`.execute(db);
        }
        await sql`drop function if exists audit_refuse_change()`.execute(db);
        await sql`drop function if exists audit_refuse_delete()`.execute(db);
        await sql`drop function if exists audit_head_forward()`.execute(db);
      } else {
        for (const table of ['login_history', 'operation_log', 'audit_checkpoints', 'audit_head']) {
          for (const name of ['no_update', 'no_delete']) await sql`drop trigger if exists ${sql.raw(`${table}_${name}`)}`.execute(db);
        }
      }
      for (const table of ['audit_verifications', 'audit_checkpoints', 'audit_head']) await db.schema.dropTable(table).execute();
      for (const table of ['login_history', 'operation_log']) {
        await db.schema.dropIndex(`${table}_seq_idx`).execute();
        await db.schema.alterTable(table).dropColumn('hash').execute();
        await db.schema.alterTable(table).dropColumn('seq').execute();
      }
    },
  };
}

/** Both log tables' columns as they stand after 0004, without the reference to users, plus seq and hash. */
const REBUILT: Record<string, string> = {
  login_history: `"id" integer primary key autoincrement, "user_ref" integer, "account" varchar(64) not null, "opt_type" varchar(20) not null,
    "app_ref" integer, "app_name" varchar(100), "is_success" integer not null, "login_msg" varchar(200) not null, "ip" varchar(64) not null,
    "device_id" varchar(128), "device_name" varchar(40), "created_at" bigint not null, "seq" bigint, "hash" varchar(64)`,
  operation_log: `"id" integer primary key autoincrement, "user_ref" integer not null, "scene_code" varchar(40) not null, "detail" varchar(500),
    "ip" varchar(64) not null, "ip_region" varchar(100), "created_at" bigint not null, "target" varchar(200), "changes" text, "seq" bigint, "hash" varchar(64)`,
};
const COPIED: Record<string, string> = {
  login_history: 'id, user_ref, account, opt_type, app_ref, app_name, is_success, login_msg, ip, device_id, device_name, created_at',
  operation_log: 'id, user_ref, scene_code, detail, ip, ip_region, created_at, target, changes',
};

/** SQLite's documented way to drop a constraint: a new table, the rows copied, the old one dropped, the indexes made again. */
async function rebuildWithoutUserKey(db: Kysely<unknown>): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction; the rebuild is one, so a crash leaves the old tables.
  await sql`begin immediate`.execute(db);
  try {
    for (const table of ['login_history', 'operation_log']) {
      const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
      await sql.raw(`create table "${table}_rebuilt" (${REBUILT[table]})`).execute(db);
      await sql.raw(`insert into "${table}_rebuilt" (${COPIED[table]}) select ${COPIED[table]} from "${table}"`).execute(db);
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${table}_rebuilt" rename to "${table}"`).execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    }
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_history', 'operation_log']) {
    await sql.raw(`create trigger ${table}_no_update before update on ${table}
      begin select raise(abort, 'audit records cannot be changed'); end`).execute(db);
    // Retention releases whole checkpointed ranges by advancing pruned_through (after a signed prune record).
    await sql.raw(`create trigger ${table}_no_delete before delete on ${table}
      when old.seq is not null and old.seq > (select pruned_through from audit_head where id = 1)
      begin select raise(abort, 'audit records are deleted only by retention of checkpointed ranges'); end`).execute(db);
  }
  await sql.raw(`create trigger audit_checkpoints_no_update before update on audit_checkpoints
    begin select raise(abort, 'audit checkpoints cannot be changed'); end`).execute(db);
  await sql.raw(`create trigger audit_checkpoints_no_delete before delete on audit_checkpoints
    begin select raise(abort, 'audit checkpoints cannot be deleted'); end`).execute(db);
  await sql.raw(`create trigger audit_head_no_update before update on audit_head
    when new.seq < old.seq or new.pruned_through < old.pruned_through or new.id <> old.id
    begin select raise(abort, 'the audit head only moves forward'); end`).execute(db);
  await sql.raw(`create trigger audit_head_no_delete before delete on audit_head
    begin select raise(abort, 'the audit head cannot be deleted'); end`).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // `set search_path from current`: the functions find audit_head in the schema they were made in,
  // whatever the session deleting asks for.
  await sql.raw(`create function audit_refuse_change() returns trigger language plpgsql set search_path from current as $$
    begin raise exception 'audit records cannot be changed or deleted (%)', tg_table_name; end $$`).execute(db);
  await sql.raw(`create function audit_refuse_delete() returns trigger language plpgsql set search_path from current as $$
    begin
      if old.seq is not null and old.seq > (select pruned_through from audit_head where id = 1) then
        raise exception 'audit records are deleted only by retention of checkpointed ranges (%)', tg_table_name;
      end if;
      return old;
    end $$`).execute(db);
  await sql.raw(`create function audit_head_forward() returns trigger language plpgsql set search_path from current as $$
    begin
      if new.seq < old.seq or new.pruned_through < old.pruned_through or new.id <> old.id then
        raise exception 'the audit head only moves forward';
      end if;
      return new;
    end $$`).execute(db);
  for (const table of ['login_history', 'operation_log']) {
    await sql.raw(`create trigger ${table}_no_update before update on ${table} for each row execute function audit_refuse_change()`).execute(db);
    await sql.raw(`create trigger ${table}_no_delete before delete on ${table} for each row execute function audit_refuse_delete()`).execute(db);
    await sql.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function audit_refuse_change()`).execute(db);
  }
  await sql.raw('create trigger audit_checkpoints_no_update before update or delete on audit_checkpoints for each row execute function audit_refuse_change()').execute(db);
  await sql.raw('create trigger audit_checkpoints_no_truncate before truncate on audit_checkpoints for each statement execute function audit_refuse_change()').execute(db);
  await sql.raw('create trigger audit_head_no_update before update on audit_head for each row execute function audit_head_forward()').execute(db);
  await sql.raw('create trigger audit_head_no_delete before delete on audit_head for each row execute function audit_refuse_change()').execute(db);
  await sql.raw('create trigger audit_head_no_truncate before truncate on audit_head for each statement execute function audit_refuse_change()').execute(db);
}
