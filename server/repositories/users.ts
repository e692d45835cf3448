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
    /** A new password: hash, measured strength, a fresh expiry, and no pending forced change. */
    async updatePassword(id: number, hash: string, level: string, now: number, expiresAt: number): Promise<void> {
      await db.updateTable('users')
        .set({ password_hash: hash, password_level: level, password_changed_at: now, password_expire_at: expiresAt, must_change_password: 0, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    /** Binds a phone unless another account holds it (the unique index settles races). */
    async bindMobile(id: number, mobileNo: string, now: number): Promise<boolean> {
      try {
        await db.updateTable('users').set({ mobile_no: mobileNo, phone_disabled: 0, updated_at: now }).where('id', '=', id).execute();
        return true;
      } catch {
        return false;
      }
    },
    async setPasswordHash(id: number, hash: string, now: number): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
    },
  };
}
