import type { Kysely, Selectable } from 'kysely';
import type { Database, SmsOutboxTable } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';

/** A text in the outbox. `sentAt` is when it was queued; `charges` the budgets to give back if it never leaves. */
export interface OutboxText {
  id: number;
  mobileNo: string;
  purpose: string;
  content: string;
  sentAt: number;
  /** pending → sending → sent | failed */
  status: string;
  attempts: number;
  nextAt: number;
  charges: string[];
}

export type NewOutboxText = Pick<OutboxText, 'mobileNo' | 'purpose' | 'content' | 'sentAt' | 'charges'>;

/** What the demo outbox shows of a text. */
export type OutboxEntry = Pick<OutboxText, 'mobileNo' | 'purpose' | 'content' | 'sentAt'>;

function toText(row: Selectable<SmsOutboxTable>): OutboxText {
  return {
    id: row.id, mobileNo: row.mobile_no, purpose: row.purpose, content: row.content, sentAt: row.sent_at,
    status: row.status, attempts: row.attempts, nextAt: row.next_at, charges: JSON.parse(row.charges) as string[],
  };
}

/** The SMS outbox: texts queued by requests, claimed and delivered by the worker of any instance. */
export function smsOutboxRepo(db: Kysely<Database>) {
  // Every instance's worker polls with it several times a second, texts or not: built once (reusable.ts).
  const claiming = reusable(db, (v: { now: number; leaseUntil: number }) => db.updateTable('sms_outbox')
    .set({ status: 'sending', next_at: v.leaseUntil })
    .where('id', '=', (eb) => eb.selectFrom('sms_outbox as due').select('due.id')
      .where('due.status', 'in', ['pending', 'sending']).where('due.next_at', '<=', v.now)
      .orderBy('due.id').limit(1))
    .where('status', 'in', ['pending', 'sending'])
    .where('next_at', '<=', v.now)
    .returningAll());
  return {
    async enqueue(text: NewOutboxText): Promise<void> {
      await db.insertInto('sms_outbox').values({
        mobile_no: text.mobileNo, purpose: text.purpose, content: text.content, sent_at: text.sentAt, charges: JSON.stringify(text.charges),
        status: 'pending', next_at: text.sentAt,
      }).execute();
    },
    /**
     * Claims the oldest text that is due (or whose claim ran out: an instance died while
     * sending) until `leaseUntil`. One statement, so two workers never claim the same text.
     */
    async claim(now: number, leaseUntil: number): Promise<OutboxText | undefined> {
      const [row] = await claiming({ now, leaseUntil });
      return row && toText(row);
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
    latest(mobileNo: string, filter: { purpose: string } | { except: string[] }): Promise<OutboxEntry | undefined> {
      let query = db.selectFrom('sms_outbox').select(['mobile_no as mobileNo', 'purpose', 'content', 'sent_at as sentAt']).where('mobile_no', '=', mobileNo)
        .where('status', '!=', 'failed');
      if ('purpose' in filter) query = query.where('purpose', '=', filter.purpose);
      else if (filter.except.length) query = query.where('purpose', 'not in', filter.except);
      return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
    },
    recent(limit: number): Promise<OutboxEntry[]> {
      return db.selectFrom('sms_outbox').select(['mobile_no as mobileNo', 'purpose', 'content', 'sent_at as sentAt'])
        .where('status', '!=', 'failed').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
