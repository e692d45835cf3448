import type { OutboxMessage } from '../../contract/schemas/common.js';
import type { ServiceContext } from './context.js';

const toMessage = (r: { mobile_no: string; purpose: string; content: string; sent_at: number }): OutboxMessage => ({
  mobileNo: r.mobile_no,
  purpose: r.purpose,
  content: r.content,
  code: /(\d{6})/.exec(r.content)?.[1] ?? null,
  sentAt: new Date(r.sent_at).toISOString(),
});

/** The demo/test SMS outbox, as the dev endpoints show it. */
export function outboxService(ctx: ServiceContext) {
  return {
    async latest(mobileNo: string): Promise<OutboxMessage | null> {
      const row = await ctx.repos.smsOutbox.latest(mobileNo);
      return row ? toMessage(row) : null;
    },
    async recent(limit: number): Promise<OutboxMessage[]> {
      return (await ctx.repos.smsOutbox.recent(limit)).map(toMessage);
    },
  };
}
