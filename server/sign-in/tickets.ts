import { randomId } from '../platform/lib/crypto.js';
import { MINUTE } from '../platform/lib/clock.js';
import { ticketExpired } from '../platform/lib/errors.js';
import type { Ticket } from './ticketsRepository.js';
import type { ServiceContext } from '../composition/context.js';

/**
 * Multi-step flow tickets (srmi, requestId): server records of who, what for, which step and
 * until when. Unknown, expired or foreign tickets are all E00013.
 */
export function ticketService(ctx: ServiceContext) {
  const repo = ctx.repos.tickets;
  return {
    async issue<T>(purpose: string, userRef: number | null, step: string, data: T): Promise<string> {
      const now = ctx.clock.now();
      const id = randomId(24);
      await repo.create({ id, purpose, userRef, step, data: JSON.stringify(data), createdAt: now, expiresAt: now + ctx.config.ticketMinutes * MINUTE });
      return id;
    },
    /** The live ticket for one of the purposes, at one of the allowed steps. */
    async load<T>(id: string | undefined, purposes: string[], steps?: string[]): Promise<Ticket & { payload: T }> {
      if (!id) throw ticketExpired();
      const row = await repo.find(id);
      if (!row || row.expiresAt <= ctx.clock.now() || !purposes.includes(row.purpose)) throw ticketExpired();
      if (steps && !steps.includes(row.step)) throw ticketExpired();
      return { ...row, payload: JSON.parse(row.data) as T };
    },
    /** Atomic step change; a second racer finds the ticket moved on and gets E00013. */
    async advance<T>(ticket: Ticket, toStep: string, data: T, userRef?: number): Promise<void> {
      const moved = await repo.advance(ticket.id, ticket.step, toStep, JSON.stringify(data), userRef);
      if (!moved) throw ticketExpired();
    },
    close: (id: string) => repo.delete(id),
  };
}

export type TicketService = ReturnType<typeof ticketService>;
