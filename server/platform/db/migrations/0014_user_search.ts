import { sql, type Kysely, type Migration } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/**
 * Finding people by any part of their account or name ("三" finds 张三, "lis" finds lisi), served
 * by an index on both stores rather than a scan of every person:
 *
 * - PostgreSQL: trigram GIN indexes (pg_trgm, a trusted extension any database owner may add)
 *   on the account, which is stored lower-case, and on the lower-case name; `like '%…%'` of three
 *   characters or more reads them. The extension goes into `public` so that one database with
 *   several schemas (each test run has its own) shares it and dropping a schema keeps it. Where
 *   the extension cannot be installed the migration still succeeds: the search works, by scan.
 * - SQLite: an FTS5 table with the trigram tokenizer over the same two columns, its content read
 *   from users and kept by triggers, so every write path (workbench, import, SCIM, registration)
 *   updates it without knowing it exists.
 *
 * Shorter needles (one or two characters, common for Chinese names) have no trigram to look up;
 * both stores then scan the two columns, which the users list bench measures.
 */
export function userSearch(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await postgresUp(db);
      else await sqliteUp(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`drop index if exists users_user_id_trgm`.execute(db);
        await sql`drop index if exists users_user_name_trgm`.execute(db);
      } else {
        for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists users_search_${event}`).execute(db);
        await sql`drop table if exists users_search`.execute(db);
      }
    },
  };
}

async function postgresUp(db: Kysely<unknown>) {
  // A refusal (no contrib package, no right to create it) must not abort the migration's
  // transaction; nor must losing a race with a migration of another schema of the same database
  // that created it a moment earlier (the extension is then there, which the lookup below sees).
  await sql`savepoint user_search_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint user_search_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint user_search_trgm`.execute(db);
  }
  const installed = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  if (!installed.rows.length) return;
  const ops = sql.raw(`${quoteIdent(installed.rows[0].schema)}.gin_trgm_ops`);
  await sql`create index users_user_id_trgm on users using gin (user_id ${ops})`.execute(db);
  await sql`create index users_user_name_trgm on users using gin (lower(user_name) ${ops})`.execute(db);
}

async function sqliteUp(db: Kysely<unknown>) {
  await sql`create virtual table users_search using fts5(user_id, user_name, content='users', content_rowid='id', tokenize='trigram case_sensitive 0')`.execute(db);
  await sql`insert into users_search (users_search) values ('rebuild')`.execute(db);
  const add = 'insert into users_search (rowid, user_id, user_name) values (new.id, new.user_id, new.user_name);';
  const remove = "insert into users_search (users_search, rowid, user_id, user_name) values ('delete', old.id, old.user_id, old.user_name);";
  await sql.raw(`create trigger users_search_insert after insert on users begin ${add} end`).execute(db);
  await sql.raw(`create trigger users_search_delete after delete on users begin ${remove} end`).execute(db);
  await sql.raw(`create trigger users_search_update after update of user_id, user_name on users begin ${remove} ${add} end`).execute(db);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
