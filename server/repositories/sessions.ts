import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionsTable } from '../db/schema.js';

export function sessionsRepo(db: Kysely<Database>) {
  return {
    async create(row: Insertable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },
    /** The session with its user's few fields every authenticated request needs. */
    findByHash(tokenHash: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_ref')
        .select([
          'sessions.id as sessionId',
          'sessions.user_ref as userRef',
          'sessions.instance_id as instanceId',
          'sessions.last_seen_at as lastSeenAt',
          'sessions.expires_at as expiresAt',
          'users.user_id as account',
          'users.enabled as enabled',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    async touch(sessionId: number, now: number): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
    },
    async delete(sessionId: number): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },
    async deleteByHash(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },
    /** Ends every session of a user except the one kept (password or phone change). */
    async deleteOthers(userRef: number, keepSessionId: number | null): Promise<void> {
      let q = db.deleteFrom('sessions').where('user_ref', '=', userRef);
      if (keepSessionId !== null) q = q.where('id', '!=', keepSessionId);
      await q.execute();
    },
  };
}
