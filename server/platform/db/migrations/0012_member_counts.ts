import { sql, type Kysely, type Migration } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/**
 * The number of members per group, kept by the database itself, as the approval queue's pending
 * counts are (0010): a member list's total and every group list's member column read one row
 * instead of counting the members (5,000 index entries a page for a big group, and as many
 * per group on each page of a group list). Triggers keep it, so every write counts: the
 * personal centre's, the workbench's, SCIM's and deletions cascading from a removed person or
 * group. There is no foreign key to the groups: the cascade that removes a group's members
 * brings its count to zero through the same triggers.
 *
 * PostgreSQL counts once per statement from the transition tables, touching the counts in group
 * order; SQLite has one writer, so row triggers do.
 */
export function memberCounts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('group_member_counts')
        .addColumn('group_ref', 'integer', (c) => c.primaryKey())
        .addColumn('members', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`insert into group_member_counts (group_ref, members) select group_ref, count(*) from group_members group by group_ref`.execute(db);
      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists group_members_count_${event} on group_members`).execute(db);
        await sql`drop function if exists group_members_count()`.execute(db);
      } else {
        for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists group_members_count_${event}`).execute(db);
      }
      await db.schema.dropTable('group_member_counts').execute();
    },
  };
}

async function postgresTriggers(db: Kysely<unknown>) {
  await sql`create or replace function group_members_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into group_member_counts (group_ref, members)
          select group_ref, count(*) from added group by group_ref order by group_ref
          on conflict (group_ref) do update set members = group_member_counts.members + excluded.members;
      elsif tg_op = 'DELETE' then
        update group_member_counts c set members = c.members - d.n
          from (select group_ref, count(*) as n from removed group by group_ref order by group_ref) d
          where c.group_ref = d.group_ref;
      else
        insert into group_member_counts (group_ref, members)
          select group_ref, sum(delta) from (
            select group_ref, 1 as delta from added
            union all
            select group_ref, -1 as delta from removed
          ) changes group by group_ref having sum(delta) <> 0 order by group_ref
          on conflict (group_ref) do update set members = group_member_counts.members + excluded.members;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger group_members_count_insert after insert on group_members
    referencing new table as added for each statement execute function group_members_count()`.execute(db);
  await sql`create trigger group_members_count_update after update on group_members
    referencing old table as removed new table as added for each statement execute function group_members_count()`.execute(db);
  await sql`create trigger group_members_count_delete after delete on group_members
    referencing old table as removed for each statement execute function group_members_count()`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>) {
  // The WHERE tells SQLite an upsert's ON CONFLICT from a join's ON.
  const add = `insert into group_member_counts (group_ref, members) select new.group_ref, 1 where true
      on conflict (group_ref) do update set members = members + 1;`;
  const remove = 'update group_member_counts set members = members - 1 where group_ref = old.group_ref;';
  await sql.raw(`create trigger group_members_count_insert after insert on group_members begin ${add} end`).execute(db);
  await sql.raw(`create trigger group_members_count_delete after delete on group_members begin ${remove} end`).execute(db);
  await sql.raw(`create trigger group_members_count_update after update of group_ref on group_members
    when old.group_ref <> new.group_ref begin ${remove} ${add} end`).execute(db);
}
