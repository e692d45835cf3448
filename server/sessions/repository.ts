import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionsTable } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';
import type { UserProfile } from '../organisation/usersRepository.js';

/** A session to open: the database keeps only the token's digest. */
export interface NewSession {
  tokenHash: string;
  userRef: number;
  instanceId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  ip: string;
  deviceId: string | null;
  deviceName: string | null;
  userAgent: string | null;
}

/** A live session with its user's few fields every authenticated request needs. */
export interface SessionLookup {
  sessionId: number;
  userRef: number;
  instanceId: string;
  lastSeenAt: number;
  expiresAt: number;
  account: string;
  enabled: boolean;
}

export function sessionsRepo(db: Kysely<Database>) {
  // Every authenticated request reads this: built once (reusable.ts).
  const byHash = reusable(db, (v: { tokenHash: string }) =>
    db.selectFrom('sessions')
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
      .where('sessions.token_hash', '=', v.tokenHash));

  // The same session with the fields of the account its own profile shows and its two managers'
  // names: a read that answers with the caller's profile takes one statement instead of two.
  const byHashWithProfile = reusable(db, (v: { tokenHash: string }) =>
    db.selectFrom('sessions')
      .innerJoin('users as u', 'u.id', 'sessions.user_ref')
      .leftJoin('users as m', 'm.id', 'u.manager_user_ref')
      .leftJoin('users as b', 'b.id', 'u.mailbox_manager_ref')
      .select([
        'sessions.id as sessionId', 'sessions.instance_id as instanceId', 'sessions.last_seen_at as lastSeenAt', 'sessions.expires_at as expiresAt',
        'u.id', 'u.user_id', 'u.user_name', 'u.user_type', 'u.avatar', 'u.mobile_no', 'u.enabled', 'u.created_at', 'u.user_expire_date', 'u.ldap_dn',
        'u.description', 'u.email', 'u.mail_local_address', 'u.klpa_result_desc', 'u.company_name', 'u.dept_name', 'u.position_name', 'u.senior_leader',
        'm.user_id as manager_account', 'm.user_name as manager_name', 'b.user_id as mailbox_manager_account', 'b.user_name as mailbox_manager_name',
      ])
      .where('sessions.token_hash', '=', v.tokenHash));

  const inserting = reusable(db, (row: Insertable<SessionsTable>) => db.insertInto('sessions').values(row));

  return {
    /** `on`: a transaction the session stands or falls with (the rest of its sign-in's writes). */
    async create(session: NewSession, on: Kysely<Database> = db): Promise<void> {
      await inserting({
        token_hash: session.tokenHash, user_ref: session.userRef, instance_id: session.instanceId, created_at: session.createdAt,
        last_seen_at: session.lastSeenAt, expires_at: session.expiresAt, ip: session.ip, device_id: session.deviceId,
        device_name: session.deviceName, user_agent: session.userAgent,
      }, '', on);
    },
    /** The session with its user's few fields every authenticated request needs. */
    async findByHash(tokenHash: string): Promise<SessionLookup | undefined> {
      const [row] = await byHash({ tokenHash });
      return row && { ...row, enabled: row.enabled === 1 };
    },
    /** findByHash with the fields of the account its own profile shows. */
    async findByHashWithProfile(tokenHash: string): Promise<{ session: SessionLookup; profile: UserProfile } | undefined> {
      const [row] = await byHashWithProfile({ tokenHash });
      if (!row) return undefined;
      const enabled = row.enabled === 1;
      const profile: UserProfile = {
        id: row.id, account: row.user_id, userName: row.user_name, userType: row.user_type, avatar: row.avatar, mobileNo: row.mobile_no, enabled,
        createdAt: row.created_at, userExpireDate: row.user_expire_date, ldapDn: row.ldap_dn, description: row.description, email: row.email,
        mailLocalAddress: row.mail_local_address, klpaResultDesc: row.klpa_result_desc, companyName: row.company_name, deptName: row.dept_name,
        positionName: row.position_name, seniorLeader: row.senior_leader === 1,
        managerAccount: row.manager_account, managerName: row.manager_name, mailboxManagerAccount: row.mailbox_manager_account, mailboxManagerName: row.mailbox_manager_name,
      };
      const session = { sessionId: row.sessionId, userRef: row.id, instanceId: row.instanceId, lastSeenAt: row.lastSeenAt, expiresAt: row.expiresAt, account: row.user_id, enabled };
      return { session, profile };
    },
    /**
     * When the session's user last proved who they are: the sign-in that opened it, or a later
     * re-authentication (password, passkey or code) within it.
     */
    async authenticatedAt(sessionId: number): Promise<number | null> {
      const row = await db.selectFrom('sessions')
        .leftJoin('session_reauth', 'session_reauth.session_ref', 'sessions.id')
        .select(['sessions.created_at as createdAt', 'session_reauth.reauth_at as reauthAt'])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst();
      return row ? Math.max(Number(row.createdAt), Number(row.reauthAt ?? 0)) : null;
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
    /** Ends every session of the user on that device; how many there were. */
    async deleteByDevice(userRef: number, deviceId: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('user_ref', '=', userRef).where('device_id', '=', deviceId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepo = ReturnType<typeof sessionsRepo>;
