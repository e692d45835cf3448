import type { OutboxMessage } from '../../contract/schemas/common.js';
import type { OutboxEntry } from '../sms/outboxRepository.js';
import type { ServiceContext } from '../composition/context.js';
import { ALERT_PURPOSE } from '../risk/alerts.js';

/** Texts that carry no code: a sign-in alert's link or time may hold six digits in a row, which are no code. */
const CODELESS = new Set([ALERT_PURPOSE]);

const toMessage = (r: OutboxEntry): OutboxMessage => ({
  mobileNo: r.mobileNo,
  purpose: r.purpose,
  content: r.content,
  code: CODELESS.has(r.purpose) ? null : /(\d{6})/.exec(r.content)?.[1] ?? null,
  sentAt: new Date(r.sentAt).toISOString(),
});

/** The demo/test SMS outbox, as the dev endpoints show it. */
export function outboxService(ctx: ServiceContext) {
  return {
    /**
     * The newest text to a number, of `purpose` when given. Without one, sign-in alerts are passed
     * over: whoever reads "the latest text" wants the code just sent, which an alert raised by the
     * same sign-in (a new device) would otherwise hide.
     */
    async latest(mobileNo: string, purpose?: string): Promise<OutboxMessage | null> {
      const row = await ctx.repos.smsOutbox.latest(mobileNo, purpose === undefined ? { except: [...CODELESS] } : { purpose });
      return row ? toMessage(row) : null;
    },
    async recent(limit: number): Promise<OutboxMessage[]> {
      return (await ctx.repos.smsOutbox.recent(limit)).map(toMessage);
    },
  };
}
