import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, OtpsTable } from '../db/schema.js';

export type OtpRow = Selectable<OtpsTable>;

export function otpsRepo(db: Kysely<Database>) {
  return {
    async create(row: OtpRow): Promise<void> {
      await db.insertInto('otps').values(row).execute();
    },
    find(id: string): Promise<OtpRow | undefined> {
      return db.selectFrom('otps').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The newest code sent to a number for a purpose (the resend timer reads it). */
    latest(mobileNo: string, purpose: string) {
      return db.selectFrom('otps').select(['created_at']).where('mobile_no', '=', mobileNo).where('purpose', '=', purpose)
        .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    },
    /** Codes sent to a number since a time, all purposes (the daily cap). */
    async countSince(mobileNo: string, since: number): Promise<number> {
      const row = await db.selectFrom('otps').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('mobile_no', '=', mobileNo).where('created_at', '>=', since).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Counts a wrong try atomically and returns the new count. */
    async addTry(id: string): Promise<number> {
      const row = await db.updateTable('otps').set({ tries: sql`tries + 1` }).where('id', '=', id).returning('tries').executeTakeFirst();
      return Number(row?.tries ?? 0);
    },
    /** Marks a code used only if it was unused: a code verifies once, even under a race. */
    async consume(id: string): Promise<boolean> {
      const result = await db.updateTable('otps').set({ used: 1 }).where('id', '=', id).where('used', '=', 0).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
