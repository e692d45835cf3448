import type { OutboxMessage } from '../../contract/schemas/common.js';
import type { OutboxEntry } from '../sms/outboxRepository.js';
import type { ServiceContext } from '../composition/context.js';

const toMessage = (r: OutboxEntry): OutboxMessage => ({
  mobileNo: r.mobileNo,
  purpose: r.purpose,
  content: r.content,
  code: /(\d{6})/.exec(r.content)?.[1] ?? null,
  sentAt: new Date(r.sentAt).toISOString(),
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
