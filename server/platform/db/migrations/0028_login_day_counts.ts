import { sql, type Kysely, type Migration } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/** A day of the kept counts: the row's time in whole days since the epoch (UTC). */
export const COUNT_DAY_MS = 86_400_000;

/**
 * SQLite only: each person's app-access log rows per UTC day, type and outcome, kept by the
 * database itself, so the log's total adds up a row per whole day in the asked range and walks
 * the index only for the two partial days at its ends, instead of walking up to 10,001 entries
 * of the index on every full page (docs/DECISIONS.md, "Speed budgets"). The total is the same
 * exact number, capped as before. PostgreSQL counts in its own process, inside the page's
 * statement, where the walk costs the portal's thread nothing: it keeps no counts.
 *
 * Triggers keep it, so every write counts: sign-ins and launches, retention's deletions and
 * those cascading from a removed person (no foreign key to users: the cascade's own deletes bring
 * the counts to zero, and a day's row goes with its last log row). Rows without a person are
 * not listed to anyone and are not counted. SQLite has one writer, so row triggers do.
 */
export function loginDayCounts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`create table login_day_counts (
        user_ref integer not null, day integer not null, opt_type text not null, is_success integer not null, n integer not null,
        primary key (user_ref, day, opt_type, is_success)) without rowid`.execute(db);
      await sql`insert into login_day_counts (user_ref, day, opt_type, is_success, n)
        select user_ref, created_at / ${sql.lit(COUNT_DAY_MS)}, opt_type, is_success, count(*) from login_history
        where user_ref is not null group by 1, 2, 3, 4`.execute(db);
      // The WHERE also tells SQLite an upsert's ON CONFLICT from a join's ON.
      const add = `insert into login_day_counts (user_ref, day, opt_type, is_success, n)
          select new.user_ref, new.created_at / ${COUNT_DAY_MS}, new.opt_type, new.is_success, 1 where new.user_ref is not null
          on conflict (user_ref, day, opt_type, is_success) do update set n = n + 1;`;
      const key = `user_ref = old.user_ref and day = old.created_at / ${COUNT_DAY_MS} and opt_type = old.opt_type and is_success = old.is_success`;
      const remove = `update login_day_counts set n = n - 1 where ${key};
          delete from login_day_counts where ${key} and n = 0;`;
      await sql.raw(`create trigger login_history_count_insert after insert on login_history begin ${add} end`).execute(db);
      await sql.raw(`create trigger login_history_count_delete after delete on login_history when old.user_ref is not null begin ${remove} end`).execute(db);
      await sql.raw(`create trigger login_history_count_update after update of user_ref, created_at, opt_type, is_success on login_history
        begin ${remove} ${add} end`).execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists login_history_count_${event}`).execute(db);
      await db.schema.dropTable('login_day_counts').execute();
    },
  };
}
