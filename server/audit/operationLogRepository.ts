import type { Insertable, Kysely } from 'kysely';
import type { Database, OperationLogTable } from '../platform/db/schema.js';
import { appendChained } from './trail/chain.js';

/** One account operation for the user's operation log. */
export interface NewOperation {
  userRef: number;
  sceneCode: string;
  detail: string | null;
  ip: string;
  ipRegion: string | null;
  createdAt: number;
  /** What an administrator's change touched, e.g. "user:zhangsan". */
  target?: string | null;
  /** JSON {before, after} of an administrator's change. */
  changes?: string | null;
}

export function operationLogRepo(db: Kysely<Database>, chained = true) {
  return {
    /** Appended to the audit chain (server/audit/trail/chain.ts). */
    async insert(op: NewOperation): Promise<void> {
      const row: Insertable<OperationLogTable> = {
        user_ref: op.userRef, scene_code: op.sceneCode, detail: op.detail, ip: op.ip, ip_region: op.ipRegion, created_at: op.createdAt,
        target: op.target ?? null, changes: op.changes ?? null,
      };
      const insert = (r: Insertable<OperationLogTable>) => db.insertInto('operation_log').values(r).compile();
      if (!chained) await db.executeQuery(insert(row));
      else await appendChained(db, 'operation_log', row, insert);
    },
  };
}
