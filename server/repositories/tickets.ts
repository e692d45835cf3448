import type { Kysely, Selectable } from 'kysely';
import type { Database, TicketsTable } from '../db/schema.js';

export type TicketRow = Selectable<TicketsTable>;

export function ticketsRepo(db: Kysely<Database>) {
  return {
    async create(row: TicketRow): Promise<void> {
      await db.insertInto('tickets').values(row).execute();
    },
    find(id: string): Promise<TicketRow | undefined> {
      return db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
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
    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('tickets').where('expires_at', '<', now).execute();
    },
  };
}
