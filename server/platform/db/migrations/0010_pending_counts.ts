import { sql, type Kysely, type Migration } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/**
 * The number of pending requests per application, kept by the database itself: an approver's
 * queue shows its total by adding up a row per application they approve instead of counting up
 * to 10,001 requests on every page (docs/DECISIONS.md, "Speed budgets"). Triggers keep it, so
 * every write counts — the portal's, the workbench's, and deletions cascading from an
 * application or a person. There is no foreign key to apps: the cascade that removes an
 * application's requests brings its count to zero through the same triggers.
 *
 * PostgreSQL counts once per statement from the transition tables and touches the rows in
 * application order, so two approvers deciding batches across the same applications at once
 * queue on the counts instead of deadlocking. SQLite has one writer, so a row trigger does.
 */
export function pendingCounts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('pending_request_counts')
        .addColumn('app_ref', 'integer', (c) => c.primaryKey())
        .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`insert into pending_request_counts (app_ref, pending)
        select app_ref, count(*) from apply_requests where status = 0 group by app_ref`.execute(db);
      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists apply_requests_count_${event} on apply_requests`).execute(db);
        await sql`drop function if exists apply_requests_count()`.execute(db);
      } else {
        for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists apply_requests_count_${event}`).execute(db);
      }
      await db.schema.dropTable('pending_request_counts').execute();
    },
  };
}

async function postgresTriggers(db: Kysely<unknown>) {
  // One function for the three events: each reads only the transition tables its event has.
  await sql`create or replace function apply_requests_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into pending_request_counts (app_ref, pending)
          select app_ref, count(*) from added where status = 0 group by app_ref order by app_ref
          on conflict (app_ref) do update set pending = pending_request_counts.pending + excluded.pending;
      elsif tg_op = 'DELETE' then
        update pending_request_counts c set pending = c.pending - d.n
          from (select app_ref, count(*) as n from removed where status = 0 group by app_ref order by app_ref) d
          where c.app_ref = d.app_ref;
      else
        insert into pending_request_counts (app_ref, pending)
          select app_ref, sum(delta) from (
            select app_ref, 1 as delta from added where status = 0
            union all
            select app_ref, -1 as delta from removed where status = 0
          ) changes group by app_ref having sum(delta) <> 0 order by app_ref
          on conflict (app_ref) do update set pending = pending_request_counts.pending + excluded.pending;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger apply_requests_count_insert after insert on apply_requests
    referencing new table as added for each statement execute function apply_requests_count()`.execute(db);
  await sql`create trigger apply_requests_count_update after update on apply_requests
    referencing old table as removed new table as added for each statement execute function apply_requests_count()`.execute(db);
  await sql`create trigger apply_requests_count_delete after delete on apply_requests
    referencing old table as removed for each statement execute function apply_requests_count()`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>) {
  // The WHERE also tells SQLite an upsert's ON CONFLICT from a join's ON.
  const add = `insert into pending_request_counts (app_ref, pending) select new.app_ref, 1 where new.status = 0
      on conflict (app_ref) do update set pending = pending + 1;`;
  const remove = 'update pending_request_counts set pending = pending - 1 where app_ref = old.app_ref and old.status = 0;';
  await sql.raw(`create trigger apply_requests_count_insert after insert on apply_requests begin ${add} end`).execute(db);
  await sql.raw(`create trigger apply_requests_count_delete after delete on apply_requests begin ${remove} end`).execute(db);
  await sql.raw(`create trigger apply_requests_count_update after update of status, app_ref on apply_requests
    when old.status = 0 or new.status = 0 begin ${remove} ${add} end`).execute(db);
}
