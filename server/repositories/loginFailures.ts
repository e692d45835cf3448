import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function loginFailuresRepo(db: Kysely<Database>) {
  return {
    get(subject: string) {
      return db.selectFrom('login_failures').selectAll().where('subject', '=', subject).executeTakeFirst();
    },
    /**
     * Counts one failure atomically (several instances may race) and returns the count inside
     * the current window; a window older than `windowStartAfter` restarts at 1.
     */
    async record(subject: string, now: number, windowStartAfter: number): Promise<number> {
      const row = await db
        .insertInto('login_failures')
        .values({ subject, failures: 1, window_start: now, locked_until: null })
        .onConflict((oc) =>
          oc.column('subject').doUpdateSet({
            failures: sql`case when login_failures.window_start < ${windowStartAfter} then 1 else login_failures.failures + 1 end`,
            window_start: sql`case when login_failures.window_start < ${windowStartAfter} then ${now} else login_failures.window_start end`,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },
    async lock(subject: string, until: number): Promise<void> {
      await db.updateTable('login_failures').set({ locked_until: until }).where('subject', '=', subject).execute();
    },
    async reset(subject: string): Promise<void> {
      await db.deleteFrom('login_failures').where('subject', '=', subject).execute();
    },
  };
}
