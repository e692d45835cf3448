import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Demo/test outbox reads. */
export function smsOutboxRepo(db: Kysely<Database>) {
  return {
    latest(mobileNo: string) {
      return db.selectFrom('sms_outbox').select(['mobile_no', 'purpose', 'content', 'sent_at']).where('mobile_no', '=', mobileNo)
        .orderBy('id', 'desc').limit(1).executeTakeFirst();
    },
    recent(limit: number) {
      return db.selectFrom('sms_outbox').select(['id', 'mobile_no', 'purpose', 'content', 'sent_at']).orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
