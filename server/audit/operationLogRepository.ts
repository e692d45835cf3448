import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

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

export function operationLogRepo(db: Kysely<Database>) {
  return {
    async insert(op: NewOperation): Promise<void> {
      await db.insertInto('operation_log').values({
        user_ref: op.userRef, scene_code: op.sceneCode, detail: op.detail, ip: op.ip, ip_region: op.ipRegion, created_at: op.createdAt,
        target: op.target ?? null, changes: op.changes ?? null,
      }).execute();
    },
  };
}
