import type { Insertable, Kysely } from 'kysely';
import type { Database, LoginHistoryTable } from '../db/schema.js';

export function loginHistoryRepo(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<LoginHistoryTable>): Promise<void> {
      await db.insertInto('login_history').values(row).execute();
    },
    async countSince(userRef: number, optType: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('login_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_ref', '=', userRef)
        .where('created_at', '>=', since)
        .where('opt_type', '=', optType)
        .where('is_success', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
