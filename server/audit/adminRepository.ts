import type { Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import type { LoginEntry } from './logsRepository.js';
import { ilike, isSqlite, mapPage, page, startsWith } from '../platform/db/paging.js';
import { personMatches } from '../organisation/personSearch.js';

/** Where a keyset page starts: after this row in newest-first order. */
export interface LogCursor {
  createdAt: number;
  id: number;
}

interface Common {
  from?: number;
  to?: number;
  userRef?: number;
  /** Whose rows: a person whose account or name holds this text. */
  person?: string;
  ip?: string;
  /** Oldest first when 'asc'; newest first otherwise. */
  order?: 'asc' | 'desc';
}
export interface SignInQuery extends Common {
  /** Attempts on accounts that are nobody's (failed sign-ins keep what was typed) holding this text. */
  unknownAccount?: string;
  appRef?: number;
  success?: boolean;
  optType?: string;
  riskLevel?: string;
  /** A signal among the row's (names never contain one another, so a substring match is exact). */
  riskSignal?: string;
}
export interface OperationQuery extends Common {
  sceneCode?: string;
  /** Starts with. */
  target?: string;
}

/** A sign-in row as the user's own log shows it, with whose it is. */
export interface SignInEntry extends LoginEntry {
  account: string;
  userName: string | null;
  /** How the sign-in was judged (migration 0027); null when it was not. */
  riskLevel: string | null;
  /** Comma-separated signal names. */
  riskSignals: string | null;
  riskPlace: string | null;
}

export interface OperationEntry {
  id: number;
  account: string;
  userName: string;
  sceneCode: string;
  target: string | null;
  changes: string | null;
  detail: string | null;
  ip: string;
  createdAt: number;
}

/**
 * Workbench queries: both logs of the whole organisation, newest first. Every filter set leads
 * to an index: a user's rows by (user_ref, created_at), otherwise the time index (created_at)
 * read backwards, the page stopping as soon as it is full.
 */
export function adminAuditRepo(db: Kysely<Database>) {
  const sqlite = isSqlite(db);
  /** The ids of the people the text finds, as a subquery the log's user_ref is matched against. */
  const peopleFound = (text: string) => db.selectFrom('users').select('users.id').where(personMatches(text, sqlite));

  function signInBase(f: SignInQuery) {
    let q = db.selectFrom('login_history');
    if (f.userRef !== undefined) q = q.where('login_history.user_ref', '=', f.userRef);
    if (f.person !== undefined) q = q.where('login_history.user_ref', 'in', peopleFound(f.person));
    if (f.unknownAccount !== undefined) q = q.where('login_history.user_ref', 'is', null).where(ilike('login_history.account', f.unknownAccount));
    if (f.appRef !== undefined) q = q.where('login_history.app_ref', '=', f.appRef);
    if (f.success !== undefined) q = q.where('login_history.is_success', '=', f.success ? 1 : 0);
    if (f.optType !== undefined) q = q.where('login_history.opt_type', '=', f.optType);
    if (f.riskLevel !== undefined) q = q.where('login_history.risk_level', '=', f.riskLevel);
    if (f.riskSignal !== undefined) q = q.where('login_history.risk_signals', 'like', `%${f.riskSignal}%`);
    if (f.ip !== undefined) q = q.where(startsWith('login_history.ip', f.ip));
    if (f.from !== undefined) q = q.where('login_history.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('login_history.created_at', '<=', f.to);
    return q;
  }
  const signInRows = (q: ReturnType<typeof signInBase>, order: 'asc' | 'desc' = 'desc') =>
    q.leftJoin('users', 'users.id', 'login_history.user_ref')
      .select([
        'login_history.id as id', 'login_history.account as account', 'users.user_name as userName', 'login_history.opt_type as optType',
        'login_history.app_name as appName', 'login_history.is_success as isSuccess', 'login_history.login_msg as loginMsg', 'login_history.ip as ip',
        'login_history.device_name as deviceName', 'login_history.created_at as createdAt',
        'login_history.risk_level as riskLevel', 'login_history.risk_signals as riskSignals', 'login_history.risk_place as riskPlace',
      ])
      .orderBy('login_history.created_at', order).orderBy('login_history.id', order);
  const signInEntry = (r: Awaited<ReturnType<ReturnType<typeof signInRows>['execute']>>[number]): SignInEntry => ({
    id: r.id, account: r.account, userName: r.userName, optType: r.optType, appName: r.appName, success: Number(r.isSuccess) === 1,
    loginMsg: r.loginMsg, ip: r.ip, deviceName: r.deviceName, createdAt: Number(r.createdAt),
    riskLevel: r.riskLevel, riskSignals: r.riskSignals, riskPlace: r.riskPlace,
  });

  function operationBase(f: OperationQuery) {
    let q = db.selectFrom('operation_log');
    if (f.userRef !== undefined) q = q.where('operation_log.user_ref', '=', f.userRef);
    if (f.person !== undefined) q = q.where('operation_log.user_ref', 'in', peopleFound(f.person));
    if (f.sceneCode !== undefined) q = q.where('operation_log.scene_code', '=', f.sceneCode);
    if (f.target !== undefined) q = q.where(startsWith('operation_log.target', f.target));
    if (f.ip !== undefined) q = q.where(startsWith('operation_log.ip', f.ip));
    if (f.from !== undefined) q = q.where('operation_log.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('operation_log.created_at', '<=', f.to);
    return q;
  }
  const operationRows = (q: ReturnType<typeof operationBase>, order: 'asc' | 'desc' = 'desc') =>
    q.innerJoin('users', 'users.id', 'operation_log.user_ref')
      .select([
        'operation_log.id as id', 'users.user_id as account', 'users.user_name as userName', 'operation_log.scene_code as sceneCode',
        'operation_log.target as target', 'operation_log.changes as changes', 'operation_log.detail as detail', 'operation_log.ip as ip',
        'operation_log.created_at as createdAt',
      ])
      .orderBy('operation_log.created_at', order).orderBy('operation_log.id', order);
  const operationEntry = (r: Awaited<ReturnType<ReturnType<typeof operationRows>['execute']>>[number]): OperationEntry => ({ ...r, createdAt: Number(r.createdAt) });

  return {
    /** Whether the text finds anyone (account or name): the sign-in log then filters on their rows' index. */
    async findsPeople(text: string): Promise<boolean> {
      return (await peopleFound(text).limit(1).executeTakeFirst()) !== undefined;
    },
    async pageSignIns(f: SignInQuery, pageNum: number, pageSize: number): Promise<PageResult<SignInEntry>> {
      return mapPage(await page(db, signInBase(f), (q) => signInRows(q, f.order), pageNum, pageSize), signInEntry);
    },
    /** The next `limit` rows after the cursor (from the newest when null): a keyset page for exports. */
    async signInsAfter(f: SignInQuery, after: LogCursor | null, limit: number): Promise<SignInEntry[]> {
      let q = signInBase(f);
      if (after) {
        // The bound on created_at alone is what lets the time index start where the last page ended.
        q = q.where('login_history.created_at', '<=', after.createdAt)
          .where((eb) => eb.or([eb('login_history.created_at', '<', after.createdAt), eb('login_history.id', '<', after.id)]));
      }
      return (await signInRows(q).limit(limit).execute()).map(signInEntry);
    },
    async pageOperations(f: OperationQuery, pageNum: number, pageSize: number): Promise<PageResult<OperationEntry>> {
      return mapPage(await page(db, operationBase(f), (q) => operationRows(q, f.order), pageNum, pageSize), operationEntry);
    },
    async operationsAfter(f: OperationQuery, after: LogCursor | null, limit: number): Promise<OperationEntry[]> {
      let q = operationBase(f);
      if (after) {
        // The bound on created_at alone is what lets the time index start where the last page ended.
        q = q.where('operation_log.created_at', '<=', after.createdAt)
          .where((eb) => eb.or([eb('operation_log.created_at', '<', after.createdAt), eb('operation_log.id', '<', after.id)]));
      }
      return (await operationRows(q).limit(limit).execute()).map(operationEntry);
    },
  };
}
