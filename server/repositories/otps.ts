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
    /**
     * Takes one try of a live code (right purpose and number, unused, unexpired, tries left) and
     * returns it with the try counted; nothing when there is no such code or no try left.
     */
    takeTry(q: { id: string; purpose: string; mobileNo: string | null; now: number; maxTries: number }): Promise<OtpRow | undefined> {
      let update = db.updateTable('otps').set({ tries: sql`tries + 1` })
        .where('id', '=', q.id).where('purpose', '=', q.purpose).where('used', '=', 0)
        .where('expires_at', '>', q.now).where('tries', '<', q.maxTries);
      if (q.mobileNo) update = update.where('mobile_no', '=', q.mobileNo);
      return update.returningAll().executeTakeFirst();
    },
    /** Marks a code used only if it was unused: a code verifies once, even under a race. */
    async consume(id: string): Promise<boolean> {
      const result = await db.updateTable('otps').set({ used: 1 }).where('id', '=', id).where('used', '=', 0).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
