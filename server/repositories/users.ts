import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';

type NewUser = Omit<Insertable<UsersTable>, 'phone_disabled' | 'enabled' | 'activated' | 'must_change_password' | 'second_auth_required' | 'senior_leader'>;

export type UserRow = Selectable<UsersTable>;

export function usersRepo(db: Kysely<Database>) {
  return {
    findByAccount(account: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('user_id', '=', account.toLowerCase()).executeTakeFirst();
    },
    async create(user: NewUser): Promise<number> {
      const row = await db.insertInto('users')
        .values({ phone_disabled: 0, enabled: 1, activated: 1, must_change_password: 0, second_auth_required: 0, senior_leader: 0, ...user })
        .returning('id').executeTakeFirstOrThrow();
      const employee = await db.selectFrom('portal_roles').select('id').where('code', '=', 'EMPLOYEE').executeTakeFirst();
      if (employee) await db.insertInto('user_portal_roles').values({ user_ref: row.id, role_ref: employee.id }).execute();
      return row.id;
    },
    /** A user with the names of their line manager and (for mailboxes) their mailbox manager. */
    findWithManagers(id: number) {
      return db.selectFrom('users as u')
        .leftJoin('users as m', 'm.id', 'u.manager_user_ref')
        .leftJoin('users as b', 'b.id', 'u.mailbox_manager_ref')
        .selectAll('u')
        .select(['m.user_id as manager_account', 'm.user_name as manager_name', 'b.user_id as mailbox_manager_account', 'b.user_name as mailbox_manager_name'])
        .where('u.id', '=', id)
        .executeTakeFirst();
    },
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByLdapDn(dn: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('ldap_dn', '=', dn).executeTakeFirst();
    },
    /** Links a directory entry to an account that has none yet. */
    async linkLdap(id: number, dn: string, now: number): Promise<boolean> {
      try {
        const result = await db.updateTable('users').set({ ldap_dn: dn, updated_at: now }).where('id', '=', id).where('ldap_dn', 'is', null).executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      } catch {
        return false;
      }
    },
    findByMobile(mobile: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('mobile_no', '=', mobile).executeTakeFirst();
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
