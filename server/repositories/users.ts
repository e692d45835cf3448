import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export function usersRepo(db: Kysely<Database>) {
  return {
    findByAccount(account: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('user_id', '=', account.toLowerCase()).executeTakeFirst();
    },
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByMobile(mobile: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('mobile_no', '=', mobile).executeTakeFirst();
    },
    async accountOf(id: number | null): Promise<{ user_id: string; user_name: string } | undefined> {
      if (id === null) return undefined;
      return db.selectFrom('users').select(['user_id', 'user_name']).where('id', '=', id).executeTakeFirst();
    },
    async setPasswordHash(id: number, hash: string, now: number): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
    },
  };
}
