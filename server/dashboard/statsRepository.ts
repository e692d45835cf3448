import { sql, type Kysely } from 'kysely';
import type { RiskJudgement } from '../../contract/schemas/risk.js';
import { judgementOf } from '../risk/judgementColumns.js';
import type { Database } from '../platform/db/schema.js';

/** Sign-ins of one day bucket: `day` counts whole days from the series' start. */
export interface DayCount {
  day: number;
  success: number;
  failure: number;
}

export interface LogEvent {
  id: number;
  account: string;
  userName: string | null;
  code: string;
  target: string | null;
  /** An administrator's change: its before and after as stored (JSON). */
  changes: string | null;
  ip: string;
  createdAt: number;
  /** A sign-in's judgement (null for administrators' changes and sign-ins not judged). */
  risk: RiskJudgement | null;
}

/** The sign-in lock's subjects (sign-in/throttle.ts accountKey): "acct:" and the account. */
const ACCOUNT_SUBJECT = 'acct:';

/**
 * Workbench queries: the home page's numbers. Each is a count over an index range (time, status,
 * subject prefix), except the two user counts, which read the users table once.
 */
export function adminStatsRepo(db: Kysely<Database>) {
  return {
    async users(): Promise<{ total: number; enabled: number }> {
      const row = await db.selectFrom('users')
        .select([sql<number>`count(*)`.as('total'), sql<number>`coalesce(sum(case when enabled = 1 then 1 else 0 end), 0)`.as('enabled')])
        .executeTakeFirst();
      return { total: Number(row?.total ?? 0), enabled: Number(row?.enabled ?? 0) };
    },

    /**
     * Sign-ins per day between consecutive `edges` (day starts, oldest first; the last one ends
     * the final day), bucketed in SQL: days of a zone with summer time differ in length, so each
     * bucket is found by its edges, not by dividing. Empty days are absent.
     */
    async signInsPerDay(edges: readonly number[]): Promise<DayCount[]> {
      const inner = edges.slice(1, -1);
      const day = inner.length
        ? sql<number>`case ${sql.join(inner.map((edge, i) => sql`when login_history.created_at < ${edge} then ${sql.lit(i)}`), sql` `)} else ${sql.lit(inner.length)} end`
        : sql<number>`0`;
      const rows = await db.selectFrom('login_history')
        .select([day.as('day'), sql<number>`sum(login_history.is_success)`.as('success'), sql<number>`count(*)`.as('attempts')])
        .where('login_history.created_at', '>=', edges[0])
        .where('login_history.created_at', '<', edges[edges.length - 1])
        // By position: the bucket's expression carries parameters, which PostgreSQL would not match to the select's.
        .groupBy(sql`1`)
        .execute();
      return rows.map((r) => ({ day: Number(r.day), success: Number(r.success), failure: Number(r.attempts) - Number(r.success) }));
    },

    /** Accounts (that exist) whose sign-in lock runs past `now`. */
    async lockedAccounts(now: number): Promise<number> {
      const row = await db.selectFrom('limit_counters')
        .innerJoin('users', (join) => join.on(sql<boolean>`users.user_id = substr(limit_counters.subject, ${ACCOUNT_SUBJECT.length + 1})`))
        .select(sql<number>`count(*)`.as('n'))
        .where('limit_counters.subject', '>=', ACCOUNT_SUBJECT)
        .where('limit_counters.subject', '<', `${ACCOUNT_SUBJECT}\uffff`)
        .where('limit_counters.locked_until', '>', now)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async pendingRequests(pending: number): Promise<number> {
      const row = await db.selectFrom('apply_requests').select(sql<number>`count(*)`.as('n')).where('status', '=', pending).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * The newest sign-in rows since `since` that answered one of `codes`, or failed as `failedType`
     * (the second factor): read backwards on the time index until `limit` are found.
     */
    async signInEvents(since: number, codes: string[], failedType: string, limit: number): Promise<LogEvent[]> {
      const rows = await db.selectFrom('login_history')
        .leftJoin('users', 'users.id', 'login_history.user_ref')
        .select([
          'login_history.id as id', 'login_history.account as account', 'users.user_name as userName', 'login_history.login_msg as code',
          'login_history.ip as ip', 'login_history.created_at as createdAt',
          'login_history.risk_level as riskLevel', 'login_history.risk_signals as riskSignals', 'login_history.risk_place as riskPlace',
        ])
        .where('login_history.created_at', '>=', since)
        .where((eb) => eb.or([
          eb('login_history.login_msg', 'in', codes),
          eb.and([eb('login_history.opt_type', '=', failedType), eb('login_history.is_success', '=', 0)]),
        ]))
        .orderBy('login_history.created_at', 'desc').orderBy('login_history.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(({ riskLevel, riskSignals, riskPlace, ...r }) => ({
        ...r, target: null, changes: null, createdAt: Number(r.createdAt), risk: judgementOf(riskLevel, riskSignals, riskPlace),
      }));
    },

    /** The newest administrators' changes (rows with a target) since `since`. */
    async adminChanges(since: number, limit: number): Promise<LogEvent[]> {
      const rows = await db.selectFrom('operation_log')
        .innerJoin('users', 'users.id', 'operation_log.user_ref')
        .select([
          'operation_log.id as id', 'users.user_id as account', 'users.user_name as userName', 'operation_log.scene_code as code',
          'operation_log.target as target', 'operation_log.changes as changes', 'operation_log.ip as ip', 'operation_log.created_at as createdAt',
        ])
        .where('operation_log.created_at', '>=', since)
        .where('operation_log.target', 'is not', null)
        .orderBy('operation_log.created_at', 'desc').orderBy('operation_log.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, createdAt: Number(r.createdAt), risk: null }));
    },
  };
}
