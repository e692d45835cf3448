import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';

/** A portal account (person, temporary account or shared mailbox), as the services see it. */
export interface User {
  id: number;
  /** The account name, unique, lower-case (column `user_id`). */
  account: string;
  userName: string;
  userType: string;
  mobileNo: string | null;
  phoneDisabled: boolean;
  email: string | null;
  mailLocalAddress: string | null;
  description: string | null;
  avatar: string | null;
  enabled: boolean;
  activated: boolean;
  /** Self-registered and not yet approved by an administrator: sign-in refuses it. */
  registrationPending: boolean;
  userExpireDate: number | null;
  passwordHash: string | null;
  passwordChangedAt: number | null;
  passwordExpireAt: number | null;
  /** Strength of the current password (weak|middle|strong), measured when it was set. */
  passwordLevel: string | null;
  mustChangePassword: boolean;
  secondAuthRequired: boolean;
  ldapDn: string | null;
  companyName: string | null;
  deptName: string | null;
  positionName: string | null;
  managerRef: number | null;
  seniorLeader: boolean;
  /** PUBLIC_MAIL accounts: the user who manages the mailbox. */
  mailboxManagerRef: number | null;
  klpaResultDesc: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * What the caller's own profile shows of their account, with the names of their line manager and
 * (for mailboxes) their mailbox manager: only these fields are read, not the whole account.
 */
export interface UserProfile extends Pick<User,
  | 'id' | 'account' | 'userName' | 'userType' | 'avatar' | 'mobileNo' | 'enabled' | 'createdAt' | 'userExpireDate' | 'ldapDn' | 'description'
  | 'email' | 'mailLocalAddress' | 'klpaResultDesc' | 'companyName' | 'deptName' | 'positionName' | 'seniorLeader'> {
  managerAccount: string | null;
  managerName: string | null;
  mailboxManagerAccount: string | null;
  mailboxManagerName: string | null;
}

/** What a new account is made of; the service decides every state (enabled, activated…). */
export type NewUser = Pick<User,
  | 'account' | 'userName' | 'userType' | 'mobileNo' | 'email' | 'description' | 'companyName' | 'passwordHash' | 'passwordLevel'
  | 'passwordChangedAt' | 'passwordExpireAt' | 'phoneDisabled' | 'enabled' | 'activated' | 'mustChangePassword' | 'secondAuthRequired'
  | 'seniorLeader' | 'createdAt' | 'updatedAt'> & { registrationPending?: boolean };

type UserRow = Selectable<UsersTable>;

const flag = (value: boolean) => (value ? 1 : 0);

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    account: row.user_id,
    userName: row.user_name,
    userType: row.user_type,
    mobileNo: row.mobile_no,
    phoneDisabled: row.phone_disabled === 1,
    email: row.email,
    mailLocalAddress: row.mail_local_address,
    description: row.description,
    avatar: row.avatar,
    enabled: row.enabled === 1,
    activated: row.activated === 1,
    registrationPending: row.registration_pending === 1,
    userExpireDate: row.user_expire_date,
    passwordHash: row.password_hash,
    passwordChangedAt: row.password_changed_at,
    passwordExpireAt: row.password_expire_at,
    passwordLevel: row.password_level,
    mustChangePassword: row.must_change_password === 1,
    secondAuthRequired: row.second_auth_required === 1,
    ldapDn: row.ldap_dn,
    companyName: row.company_name,
    deptName: row.dept_name,
    positionName: row.position_name,
    managerRef: row.manager_user_ref,
    seniorLeader: row.senior_leader === 1,
    mailboxManagerRef: row.mailbox_manager_ref,
    klpaResultDesc: row.klpa_result_desc,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function fromNewUser(user: NewUser): Insertable<UsersTable> {
  return {
    user_id: user.account,
    user_name: user.userName,
    user_type: user.userType,
    mobile_no: user.mobileNo,
    email: user.email,
    description: user.description,
    company_name: user.companyName,
    password_hash: user.passwordHash,
    password_level: user.passwordLevel,
    password_changed_at: user.passwordChangedAt,
    password_expire_at: user.passwordExpireAt,
    phone_disabled: flag(user.phoneDisabled),
    enabled: flag(user.enabled),
    activated: flag(user.activated),
    must_change_password: flag(user.mustChangePassword),
    second_auth_required: flag(user.secondAuthRequired),
    senior_leader: flag(user.seniorLeader),
    registration_pending: flag(user.registrationPending ?? false),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

const mapped = (row: UserRow | undefined): User | undefined => (row ? toUser(row) : undefined);

export function usersRepo(db: Kysely<Database>) {
  // Every sign-in and every read of one's own account: built once (reusable.ts).
  const byAccount = reusable(db, (v: { account: string }) => db.selectFrom('users').selectAll().where('user_id', '=', v.account));
  // And every token request and userinfo of the OpenID Connect provider (the account behind a subject).
  const byId = reusable(db, (v: { id: number }) => db.selectFrom('users').selectAll().where('id', '=', v.id));
  return {
    async findByAccount(account: string): Promise<User | undefined> {
      return mapped((await byAccount({ account: account.toLowerCase() }))[0]);
    },
    /** findByAccount's statement, for a caller that runs it alongside another (a sign-in's replay claim); `fromRow` maps its row. */
    byAccountQuery: (account: string) => byAccount.compiled({ account: account.toLowerCase() }),
    fromRow: mapped,
    /** Inserts the account only; what it is granted is the caller's business. */
    async create(user: NewUser): Promise<number> {
      const row = await db.insertInto('users').values(fromNewUser(user)).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async findById(id: number): Promise<User | undefined> {
      return mapped((await byId({ id }))[0]);
    },
    async findByLdapDn(dn: string): Promise<User | undefined> {
      return mapped(await db.selectFrom('users').selectAll().where('ldap_dn', '=', dn).executeTakeFirst());
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
    async findByMobile(mobile: string): Promise<User | undefined> {
      return mapped(await db.selectFrom('users').selectAll().where('mobile_no', '=', mobile).executeTakeFirst());
    },
    /** A new password: hash, measured strength, a fresh expiry (null: never), and no pending forced change. */
    async updatePassword(id: number, hash: string, level: string, now: number, expiresAt: number | null): Promise<void> {
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
