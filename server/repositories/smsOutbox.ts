import type { Kysely, Selectable } from 'kysely';
import type { Database, SmsOutboxTable } from '../db/schema.js';

export type OutboxRow = Selectable<SmsOutboxTable>;

/** The SMS outbox: texts queued by requests, claimed and delivered by the worker of any instance. */
export function smsOutboxRepo(db: Kysely<Database>) {
  return {
    async enqueue(row: { mobile_no: string; purpose: string; content: string; sent_at: number; charges: string }): Promise<void> {
      await db.insertInto('sms_outbox').values({ ...row, status: 'pending', next_at: row.sent_at }).execute();
    },
    /**
     * Claims the oldest text that is due (or whose claim ran out: an instance died while
     * sending) until `leaseUntil`. One statement, so two workers never claim the same text.
     */
    claim(now: number, leaseUntil: number): Promise<OutboxRow | undefined> {
      return db.updateTable('sms_outbox')
        .set({ status: 'sending', next_at: leaseUntil })
        .where('id', '=', (eb) => eb.selectFrom('sms_outbox as due').select('due.id')
          .where('due.status', 'in', ['pending', 'sending']).where('due.next_at', '<=', now)
          .orderBy('due.id').limit(1))
        .where('status', 'in', ['pending', 'sending'])
        .where('next_at', '<=', now)
        .returningAll()
        .executeTakeFirst();
    },
    /** Delivered; `keepContent: false` forgets the code once it has left (production). */
    async delivered(id: number, keepContent: boolean): Promise<void> {
      await db.updateTable('sms_outbox').set(keepContent ? { status: 'sent' } : { status: 'sent', content: '' }).where('id', '=', id).execute();
    },
    async retryAt(id: number, attempts: number, at: number): Promise<void> {
      await db.updateTable('sms_outbox').set({ status: 'pending', attempts, next_at: at }).where('id', '=', id).execute();
    },
    async failed(id: number, attempts: number): Promise<void> {
      await db.updateTable('sms_outbox').set({ status: 'failed', attempts, content: '' }).where('id', '=', id).execute();
    },
    /** Demo/test reads: what the phone would show. */
    latest(mobileNo: string) {
      return db.selectFrom('sms_outbox').select(['mobile_no', 'purpose', 'content', 'sent_at']).where('mobile_no', '=', mobileNo)
        .where('status', '!=', 'failed').orderBy('id', 'desc').limit(1).executeTakeFirst();
    },
    recent(limit: number) {
      return db.selectFrom('sms_outbox').select(['id', 'mobile_no', 'purpose', 'content', 'sent_at'])
        .where('status', '!=', 'failed').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
