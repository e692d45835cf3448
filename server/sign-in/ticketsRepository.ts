import type { Kysely, Selectable } from 'kysely';
import type { Database, TicketsTable } from '../platform/db/schema.js';

/** A multi-step flow ticket: who, what for, which step, until when; `data` is the step's JSON. */
export interface Ticket {
  id: string;
  purpose: string;
  userRef: number | null;
  step: string;
  data: string;
  createdAt: number;
  expiresAt: number;
}

function toTicket(row: Selectable<TicketsTable>): Ticket {
  return { id: row.id, purpose: row.purpose, userRef: row.user_ref, step: row.step, data: row.data, createdAt: row.created_at, expiresAt: row.expires_at };
}

export function ticketsRepo(db: Kysely<Database>) {
  return {
    async create(ticket: Ticket): Promise<void> {
      await db.insertInto('tickets').values({
        id: ticket.id, purpose: ticket.purpose, user_ref: ticket.userRef, step: ticket.step, data: ticket.data, created_at: ticket.createdAt, expires_at: ticket.expiresAt,
      }).execute();
    },
    async find(id: string): Promise<Ticket | undefined> {
      const row = await db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toTicket(row);
    },
    /**
     * Moves a ticket from one step to the next only if it is still at `fromStep`: two racing
     * requests cannot both advance it.
     */
    async advance(id: string, fromStep: string, toStep: string, data: string, userRef?: number): Promise<boolean> {
      const result = await db
        .updateTable('tickets')
        .set(userRef === undefined ? { step: toStep, data } : { step: toStep, data, user_ref: userRef })
        .where('id', '=', id)
        .where('step', '=', fromStep)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('tickets').where('id', '=', id).execute();
    },
    /** Every ticket of one purpose a person holds (a new activation link voids the earlier ones). */
    async deleteFor(userRef: number, purpose: string): Promise<void> {
      await db.deleteFrom('tickets').where('user_ref', '=', userRef).where('purpose', '=', purpose).execute();
    },
    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('tickets').where('expires_at', '<', now).execute();
    },
  };
}
