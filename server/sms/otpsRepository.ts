import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, OtpsTable } from '../platform/db/schema.js';

/** A one-time code as stored: only the keyed digest of the code itself. */
export interface Otp {
  id: string;
  purpose: string;
  mobileNo: string;
  userRef: number | null;
  codeHash: string;
  createdAt: number;
  expiresAt: number;
  tries: number;
  used: boolean;
}

function toOtp(row: Selectable<OtpsTable>): Otp {
  return {
    id: row.id, purpose: row.purpose, mobileNo: row.mobile_no, userRef: row.user_ref, codeHash: row.code_hash,
    createdAt: row.created_at, expiresAt: row.expires_at, tries: row.tries, used: row.used === 1,
  };
}

export function otpsRepo(db: Kysely<Database>) {
  return {
    async create(otp: Otp): Promise<void> {
      await db.insertInto('otps').values({
        id: otp.id, purpose: otp.purpose, mobile_no: otp.mobileNo, user_ref: otp.userRef, code_hash: otp.codeHash,
        created_at: otp.createdAt, expires_at: otp.expiresAt, tries: otp.tries, used: otp.used ? 1 : 0,
      }).execute();
    },
    async find(id: string): Promise<Otp | undefined> {
      const row = await db.selectFrom('otps').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toOtp(row);
    },
    /**
     * Takes one try of a live code (right purpose and number, unused, unexpired, tries left) and
     * returns it with the try counted; nothing when there is no such code or no try left.
     */
    async takeTry(q: { id: string; purpose: string; mobileNo: string | null; now: number; maxTries: number }): Promise<Otp | undefined> {
      let update = db.updateTable('otps').set({ tries: sql`tries + 1` })
        .where('id', '=', q.id).where('purpose', '=', q.purpose).where('used', '=', 0)
        .where('expires_at', '>', q.now).where('tries', '<', q.maxTries);
      if (q.mobileNo) update = update.where('mobile_no', '=', q.mobileNo);
      const row = await update.returningAll().executeTakeFirst();
      return row && toOtp(row);
    },
    /** The newest code issued for a number, purpose and account, whatever its state. */
    async latest(q: { purpose: string; mobileNo: string; userRef: number }): Promise<Otp | undefined> {
      const row = await db.selectFrom('otps').selectAll()
        .where('purpose', '=', q.purpose).where('mobile_no', '=', q.mobileNo).where('user_ref', '=', q.userRef)
        .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
      return row && toOtp(row);
    },
    /** Marks a code used only if it was unused: a code verifies once, even under a race. */
    async consume(id: string): Promise<boolean> {
      const result = await db.updateTable('otps').set({ used: 1 }).where('id', '=', id).where('used', '=', 0).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
