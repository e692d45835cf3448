import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Where text messages go. The outbox keeps them for the demo drawer and tests; production posts to a gateway. */
export interface SmsGateway {
  send(message: { mobileNo: string; purpose: string; content: string; at: number }): Promise<void>;
}

/** Demo/test: messages are stored, never sent. The dev endpoints and the demo drawer read them. */
export function outboxGateway(db: Kysely<Database>): SmsGateway {
  return {
    async send({ mobileNo, purpose, content, at }) {
      await db.insertInto('sms_outbox').values({ mobile_no: mobileNo, purpose, content, sent_at: at }).execute();
    },
  };
}

/**
 * Production: POST {mobileNo, content} as JSON to SMS_GATEWAY_URL. The content holds a live code,
 * so it is never logged; a gateway failure surfaces as an error the caller reports as E00500.
 */
export function httpGateway(url: string, timeoutMs = 5000): SmsGateway {
  return {
    async send({ mobileNo, content }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobileNo, content }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
