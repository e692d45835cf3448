import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { UserSortField } from '../../contract/schemas/admin/users.js';
import type { SortOrder } from '../../contract/schemas/sort.js';
import type { Database, UsersTable } from '../platform/db/schema.js';
import { isSqlite, page } from '../platform/db/paging.js';
import { personMatches } from './personSearch.js';
import type { ImportedFields } from './usersImportDiff.js';
import { deleteUser, holdsRecords } from './userRecords.js';

/**
 * The subject of an account's sign-in lock in limit_counters (sign-in/throttle.ts `accountKey`):
 * the prefix, then the lower-case account, which is how users.user_id is stored.
 */
export const LOCK_SUBJECT_PREFIX = 'acct:';

/** The filters of the users list, resolved by the service (a department becomes its subtree). */
export interface UserSearch {
  keyword?: string;
  deptRefs?: number[];
  userType?: string;
  enabled?: boolean;
  locked?: boolean;
  passwordExpired?: boolean;
  /** The moment "locked" and "expired" are judged at. */
  now: number;
}

/** A row of the users list (and of the export). */
export interface AdminUserSummary {
  id: number;
  account: string;
  userName: string;
  userType: string;
  mobileNo: string | null;
  email: string | null;
  deptRef: number | null;
  positionName: string | null;
  enabled: boolean;
  passwordExpireAt: number | null;
  createdAt: number;
  /** When the sign-in lock runs out, if one was ever set (the service compares it with now). */
  lockedUntil: number | null;
}

/** One person with every field the workbench shows. */
export interface AdminUserRecord extends AdminUserSummary {
  /** Synchronised from the company directory (it owns the name, email and department). */
  fromDirectory: boolean;
  companyName: string | null;
  deptName: string | null;
  hasPassword: boolean;
  passwordChangedAt: number | null;
  mustChangePassword: boolean;
  secondAuthRequired: boolean;
  externalId: string | null;
  updatedAt: number;
}

/** What an administrator (or an import, or provisioning) makes a new account of. */
export interface NewAdminUser {
  account: string;
  userName: string;
  userType: string;
  mobileNo: string | null;
  email: string | null;
  deptRef: number | null;
  companyName: string | null;
  deptName: string | null;
  positionName: string | null;
  secondAuthRequired: boolean;
  externalId: string | null;
  passwordHash: string | null;
  passwordLevel: string | null;
  passwordChangedAt: number | null;
  passwordExpireAt: number | null;
  mustChangePassword: boolean;
  createdAt: number;
}

/** The fields an update may change (undefined: unchanged). */
export type AdminUserPatch = Partial<Pick<NewAdminUser,
  'userName' | 'userType' | 'mobileNo' | 'email' | 'deptRef' | 'companyName' | 'deptName' | 'positionName' | 'secondAuthRequired' | 'externalId'>>;

export interface SignInRow {
  id: number;
  optType: string;
  appName: string | null;
  success: boolean;
  resultCode: string;
  ip: string;
  deviceName: string | null;
  createdAt: number;
}

/** A users-import job's state, kept as a ticket so that any instance can answer its progress. */
export interface ImportJobRecord {
  id: string;
  userRef: number | null;
  data: string;
  expiresAt: number;
}

/** A sort of the users list: one of its sortable columns and a direction. */
export interface UserOrder {
  field: UserSortField;
  order: SortOrder;
}
const ACCOUNT_ORDER: UserOrder = { field: 'userId', order: 'asc' };
/** Each sortable column, each with an index (users.user_id unique, users_name_idx, users_created_idx) a page can be read along. */
const SORT_COLUMNS: Record<UserSortField, { column: string; text: boolean }> = {
  userId: { column: 'users.user_id', text: true },
  userName: { column: 'users.user_name', text: true },
  createdDate: { column: 'users.created_at', text: false },
};

const flag = (value: boolean) => (value ? 1 : 0);

const lockedUntil = sql<number | null>`(select lc.locked_until from limit_counters lc where lc.subject = ${sql.lit(LOCK_SUBJECT_PREFIX)} || users.user_id)`;

/** Accounts locked right now, as a set the planner can probe by the user_id index. */
const lockedAccounts = (now: number) =>
  sql`(select substr(lc.subject, ${sql.lit(LOCK_SUBJECT_PREFIX.length + 1)}) from limit_counters lc
       where lc.subject >= ${sql.lit(LOCK_SUBJECT_PREFIX)} and lc.subject < ${sql.lit(nextPrefix(LOCK_SUBJECT_PREFIX))} and lc.locked_until > ${now})`;

/** The smallest string after every string that starts with the prefix. */
function nextPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * How a page is read, decided by how many people match (the capped count every list makes).
 * Many: along the account index in list order, stopping after the page — the department
 * condition is then written so that no index serves it (`+dept_ref`). Few: through the filters'
 * own indexes, then sorted — the order is then an expression no index provides. Each way is its
 * own statement text, so a store that caches one plan per statement (PostgreSQL's generic plans
 * of prepared statements) keeps the plan that suits it, whatever the values.
 */
const ORDERED_SCAN_AFTER = 2_000;

function filtersOf(search: UserSearch, sqlite: boolean, inAccountOrder = false) {
  return (eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [];
    const kw = search.keyword?.trim();
    if (kw) all.push(personMatches(kw, sqlite));
    if (search.deptRefs && !search.deptRefs.length) all.push(sql<SqlBool>`1 = 0`);
    else if (search.deptRefs && inAccountOrder) all.push(sql<SqlBool>`+users.dept_ref in (${sql.join(search.deptRefs)})`);
    else if (search.deptRefs) all.push(eb('users.dept_ref', 'in', search.deptRefs));
    if (search.userType) all.push(eb('users.user_type', '=', search.userType));
    if (search.enabled !== undefined) all.push(eb('users.enabled', '=', flag(search.enabled)));
    if (search.locked !== undefined) all.push(sql<SqlBool>`users.user_id ${sql.raw(search.locked ? 'in' : 'not in')} ${lockedAccounts(search.now)}`);
    if (search.passwordExpired === true) all.push(eb.and([eb('users.password_expire_at', 'is not', null), eb('users.password_expire_at', '<=', search.now)]));
    if (search.passwordExpired === false) all.push(eb.or([eb('users.password_expire_at', 'is', null), eb('users.password_expire_at', '>', search.now)]));
    return eb.and(all);
  };
}

type SummaryRow = {
  id: number; user_id: string; user_name: string; user_type: string; mobile_no: string | null; email: string | null; dept_ref: number | null;
  position_name: string | null; enabled: number; password_expire_at: number | null; created_at: number; locked_until: number | null;
};

const SUMMARY_COLUMNS = [
  'users.id', 'users.user_id', 'users.user_name', 'users.user_type', 'users.mobile_no', 'users.email', 'users.dept_ref', 'users.position_name',
  'users.enabled', 'users.password_expire_at', 'users.created_at',
] as const;

function toSummary(row: SummaryRow): AdminUserSummary {
  return {
    id: row.id, account: row.user_id, userName: row.user_name, userType: row.user_type, mobileNo: row.mobile_no, email: row.email,
    deptRef: row.dept_ref, positionName: row.position_name, enabled: row.enabled === 1, passwordExpireAt: row.password_expire_at,
    createdAt: row.created_at, lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
  };
}

function toRow(user: NewAdminUser): Insertable<UsersTable> {
  return {
    user_id: user.account, user_name: user.userName, user_type: user.userType, mobile_no: user.mobileNo, email: user.email,
    dept_ref: user.deptRef, company_name: user.companyName, dept_name: user.deptName, position_name: user.positionName,
    second_auth_required: flag(user.secondAuthRequired), external_id: user.externalId, password_hash: user.passwordHash,
    password_level: user.passwordLevel, password_changed_at: user.passwordChangedAt, password_expire_at: user.passwordExpireAt,
    must_change_password: flag(user.mustChangePassword), phone_disabled: 0, enabled: 1, activated: 1, senior_leader: 0,
    created_at: user.createdAt, updated_at: user.createdAt,
  };
}

/** Workbench queries: people, organisation-wide. */
export function adminUsersRepo(db: Kysely<Database>) {
  const sqlite = isSqlite(db);
  return {
    holdsRecords: (userRef: number) => holdsRecords(db, userRef),
    delete: (userRef: number) => deleteUser(db, userRef),
    async search(search: UserSearch, pageNum: number, pageSize: number, order: UserOrder = ACCOUNT_ORDER): Promise<PageResult<AdminUserSummary>> {
      const counted = await page(db, db.selectFrom('users').where(filtersOf(search, sqlite)), (q) => q.select('users.id'), 1, 1);
      const walk = counted.total > ORDERED_SCAN_AFTER;
      const { column, text } = SORT_COLUMNS[order.field];
      const direction = sql.raw(order.order === 'desc' ? 'desc' : 'asc');
      // Few: the same column as an expression no index provides (see ORDERED_SCAN_AFTER).
      const key = walk ? sql.ref(column) : text ? sql`${sql.ref(column)} || ''` : sql`${sql.ref(column)} + 0`;
      let q = db.selectFrom('users').where(filtersOf(search, sqlite, walk)).select([...SUMMARY_COLUMNS, lockedUntil.as('locked_until')]).orderBy(sql`${key} ${direction}`);
      // Equal names or times are ordered by account, so pages neither repeat nor skip anyone.
      if (column !== 'users.user_id') q = q.orderBy(sql`users.user_id ${direction}`);
      const rows = await q.limit(pageSize).offset((pageNum - 1) * pageSize).execute();
      return { ...counted, datas: rows.map(toSummary) };
    },
    /** The next rows after `afterAccount` in account order: keyset pages, as cheap at the end of the table as at its start. */
    async searchAfter(search: UserSearch, afterAccount: string | null, limit: number): Promise<AdminUserSummary[]> {
      // An export reads every match anyway: along the account index, each page starts where the last one stopped.
      let q = db.selectFrom('users').where(filtersOf(search, sqlite, !search.keyword?.trim()));
      if (afterAccount !== null) q = q.where('users.user_id', '>', afterAccount);
      const rows = await q.select([...SUMMARY_COLUMNS, lockedUntil.as('locked_until')]).orderBy('users.user_id').limit(limit).execute();
      return rows.map(toSummary);
    },
    async find(id: number): Promise<AdminUserRecord | undefined> {
      const row = await db.selectFrom('users')
        .select([...SUMMARY_COLUMNS, lockedUntil.as('locked_until'), 'users.company_name', 'users.dept_name', 'users.password_hash', 'users.password_changed_at',
          'users.must_change_password', 'users.second_auth_required', 'users.external_id', 'users.updated_at', 'users.directory_key'])
        .where('users.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return {
        ...toSummary(row), companyName: row.company_name, deptName: row.dept_name, hasPassword: row.password_hash !== null,
        passwordChangedAt: row.password_changed_at, mustChangePassword: row.must_change_password === 1,
        secondAuthRequired: row.second_auth_required === 1, externalId: row.external_id, updatedAt: row.updated_at,
        fromDirectory: row.directory_key !== null,
      };
    },
    async idByAccount(account: string): Promise<number | undefined> {
      return (await db.selectFrom('users').select('id').where('user_id', '=', account.toLowerCase()).executeTakeFirst())?.id;
    },
    async idByExternalId(externalId: string): Promise<number | undefined> {
      return (await db.selectFrom('users').select('id').where('external_id', '=', externalId).orderBy('id').executeTakeFirst())?.id;
    },
    async idByMobile(mobileNo: string): Promise<number | undefined> {
      return (await db.selectFrom('users').select('id').where('mobile_no', '=', mobileNo).executeTakeFirst())?.id;
    },
    /** Which of these (lower-case) accounts exist. */
    async existingAccounts(accounts: string[]): Promise<Set<string>> {
      if (!accounts.length) return new Set();
      const rows = await db.selectFrom('users').select('user_id').where('user_id', 'in', accounts).execute();
      return new Set(rows.map((r) => r.user_id));
    },
    /** The people of these (lower-case) accounts, as an import compares its rows with them. */
    async importedByAccount(accounts: string[]): Promise<Map<string, ImportedFields & { id: number }>> {
      if (!accounts.length) return new Map();
      const rows = await db.selectFrom('users').select(['id', 'user_id', 'user_name', 'user_type', 'mobile_no', 'email', 'dept_ref']).where('user_id', 'in', accounts).execute();
      return new Map(rows.map((r) => [r.user_id, { id: r.id, userName: r.user_name, userType: r.user_type, mobileNo: r.mobile_no, email: r.email, deptRef: r.dept_ref }]));
    },
    /** Which account holds each of these numbers (those no account holds are left out). */
    async mobileHolders(mobiles: string[]): Promise<Map<string, string>> {
      if (!mobiles.length) return new Map();
      const rows = await db.selectFrom('users').select(['mobile_no', 'user_id']).where('mobile_no', 'in', mobiles).execute();
      return new Map(rows.map((r) => [r.mobile_no as string, r.user_id]));
    },
    /** Inserts the account; the unique indexes refuse (throw) a taken account name or number. */
    async insert(user: NewAdminUser): Promise<number> {
      return (await db.insertInto('users').values(toRow(user)).returning('id').executeTakeFirstOrThrow()).id;
    },
    /**
     * Many accounts in one statement (an import's batch), skipping every one whose account name
     * or number is taken (the unique indexes decide, so a racing write cannot slip between a check
     * and the insert): the ids of those inserted, by account.
     */
    async insertManyUntaken(users: NewAdminUser[]): Promise<Map<string, number>> {
      if (!users.length) return new Map();
      const rows = await db.insertInto('users').values(users.map(toRow)).onConflict((oc) => oc.doNothing()).returning(['id', 'user_id']).execute();
      return new Map(rows.map((r) => [r.user_id, r.id]));
    },
    async update(id: number, patch: AdminUserPatch, now: number): Promise<void> {
      const set: Updateable<UsersTable> = { updated_at: now };
      if (patch.userName !== undefined) set.user_name = patch.userName;
      if (patch.userType !== undefined) set.user_type = patch.userType;
      if (patch.mobileNo !== undefined) set.mobile_no = patch.mobileNo;
      if (patch.email !== undefined) set.email = patch.email;
      if (patch.deptRef !== undefined) set.dept_ref = patch.deptRef;
      if (patch.companyName !== undefined) set.company_name = patch.companyName;
      if (patch.deptName !== undefined) set.dept_name = patch.deptName;
      if (patch.positionName !== undefined) set.position_name = patch.positionName;
      if (patch.secondAuthRequired !== undefined) set.second_auth_required = flag(patch.secondAuthRequired);
      if (patch.externalId !== undefined) set.external_id = patch.externalId;
      await db.updateTable('users').set(set).where('id', '=', id).execute();
    },
    async setEnabled(id: number, enabled: boolean, now: number): Promise<void> {
      await db.updateTable('users').set({ enabled: flag(enabled), updated_at: now }).where('id', '=', id).execute();
    },
    /** A password set by an administrator: hash, strength, a fresh expiry, and whether it must be changed at the next sign-in. */
    async setPassword(id: number, hash: string, level: string, now: number, expiresAt: number | null, mustChange: boolean): Promise<void> {
      await db.updateTable('users')
        .set({ password_hash: hash, password_level: level, password_changed_at: now, password_expire_at: expiresAt, must_change_password: flag(mustChange), updated_at: now })
        .where('id', '=', id).execute();
    },
    async requirePasswordChange(id: number, now: number): Promise<void> {
      await db.updateTable('users').set({ must_change_password: 1, updated_at: now }).where('id', '=', id).execute();
    },
    /** The company and department names people placed in a node show (the personal centre reads them). */
    async setOrgNames(deptRef: number, companyName: string | null, deptName: string | null, now: number): Promise<void> {
      await db.updateTable('users').set({ company_name: companyName, dept_name: deptName, updated_at: now }).where('dept_ref', '=', deptRef).execute();
    },
    /** Ends every session of the user; how many there were. */
    async endSessions(userRef: number): Promise<number> {
      const result = await db.deleteFrom('sessions').where('user_ref', '=', userRef).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** The id of a portal role, made if the store has none yet (a production store starts empty). */
    async ensureRole(code: string, name: string): Promise<number> {
      await db.insertInto('portal_roles').values({ code, name }).onConflict((oc) => oc.column('code').doNothing()).execute();
      return (await db.selectFrom('portal_roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    },
    /** A role for accounts just inserted in this transaction (nothing to conflict with). */
    async grantNewUsers(userRefs: number[], roleRef: number): Promise<void> {
      if (!userRefs.length) return;
      await db.insertInto('user_portal_roles').values(userRefs.map((u) => ({ user_ref: u, role_ref: roleRef }))).execute();
    },
    async grantRole(userRefs: number[], roleRef: number): Promise<void> {
      if (!userRefs.length) return;
      await db.insertInto('user_portal_roles').values(userRefs.map((u) => ({ user_ref: u, role_ref: roleRef })))
        .onConflict((oc) => oc.columns(['user_ref', 'role_ref']).doNothing()).execute();
    },
    async history(userRef: number, pageNum: number, pageSize: number): Promise<PageResult<SignInRow>> {
      const base = db.selectFrom('login_history').where('user_ref', '=', userRef);
      const result = await page(db, base, (q) => q.select(['id', 'opt_type', 'app_name', 'is_success', 'login_msg', 'ip', 'device_name', 'created_at'])
        .orderBy('created_at', 'desc').orderBy('id', 'desc'), pageNum, pageSize);
      return {
        ...result,
        datas: result.datas.map((r) => ({
          id: r.id, optType: r.opt_type, appName: r.app_name, success: r.is_success === 1, resultCode: r.login_msg, ip: r.ip, deviceName: r.device_name, createdAt: r.created_at,
        })),
      };
    },
    async createJob(job: ImportJobRecord, purpose: string, now: number): Promise<void> {
      await db.insertInto('tickets').values({ id: job.id, purpose, user_ref: job.userRef, step: 'import', data: job.data, created_at: now, expires_at: job.expiresAt }).execute();
    },
    async saveJob(id: string, data: string): Promise<void> {
      await db.updateTable('tickets').set({ data }).where('id', '=', id).execute();
    },
    async findJob(id: string, purpose: string, now: number): Promise<ImportJobRecord | undefined> {
      const row = await db.selectFrom('tickets').select(['id', 'user_ref', 'data', 'expires_at']).where('id', '=', id).where('purpose', '=', purpose)
        .where('expires_at', '>', now).executeTakeFirst();
      return row && { id: row.id, userRef: row.user_ref, data: row.data, expiresAt: row.expires_at };
    },
  };
}

export type AdminUsersRepo = ReturnType<typeof adminUsersRepo>;
