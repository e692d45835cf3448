import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

/**
 * Hashes of the passwords a user has had, newest first by time then insertion (two written in
 * one change share a time): what "no reuse of the last N" compares a new password with.
 */
export function adminPasswordHistoryRepo(db: Kysely<Database>) {
  const newestFirst = (userRef: number) =>
    db.selectFrom('password_history').where('user_ref', '=', userRef).orderBy('created_at', 'desc').orderBy('id', 'desc');

  return {
    async recent(userRef: number, count: number): Promise<string[]> {
      if (count <= 0) return [];
      const rows = await newestFirst(userRef).select('password_hash').limit(count).execute();
      return rows.map((r) => r.password_hash);
    },
    async latest(userRef: number): Promise<string | undefined> {
      return (await newestFirst(userRef).select('password_hash').limit(1).executeTakeFirst())?.password_hash;
    },
    async add(userRef: number, passwordHash: string, createdAt: number): Promise<void> {
      await db.insertInto('password_history').values({ user_ref: userRef, password_hash: passwordHash, created_at: createdAt }).execute();
    },
    /** Deletes all but the user's `keep` newest hashes. */
    async trim(userRef: number, keep: number): Promise<void> {
      const kept = newestFirst(userRef).select('id').limit(Math.max(0, keep));
      await db.deleteFrom('password_history').where('user_ref', '=', userRef).where('id', 'not in', kept).execute();
    },
    async count(userRef: number): Promise<number> {
      const row = await db.selectFrom('password_history').select((eb) => eb.fn.countAll<number>().as('n')).where('user_ref', '=', userRef).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
