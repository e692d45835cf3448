import type { Insertable, Kysely } from 'kysely';
import type { Database, OperationLogTable } from '../db/schema.js';

export function operationLogRepo(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<OperationLogTable>): Promise<void> {
      await db.insertInto('operation_log').values(row).execute();
    },
  };
}
