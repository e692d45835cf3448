import type { Insertable, Kysely } from 'kysely';
import type { Database, LoginHistoryTable } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';
import { appendAt, appendChained, type Alongside, type Head } from './trail/chain.js';
import type { RiskJudgement } from '../../contract/schemas/risk.js';

/** One sign-in attempt (or application launch) for the user's app-access log. */
export interface NewLoginEntry {
  userRef: number | null;
  account: string;
  optType: string;
  appRef: number | null;
  appName: string | null;
  success: boolean;
  loginMsg: string;
  ip: string;
  deviceId: string | null;
  deviceName: string | null;
  createdAt: number;
  /** The risk judgement; null: not judged (the columns stay null, outside the chained record). */
  risk?: RiskJudgement | null;
}

export function loginHistoryRepo(db: Kysely<Database>, chained = true) {
  // Every sign-in and launch writes one: built once per set of filled columns (reusable.ts), run
  // in the chain's write.
  const inserting = reusable(db, (row: Insertable<LoginHistoryTable>) => db.insertInto('login_history').values(row));
  return {
    /** Whether rows are appended to the audit chain (not: a benchmark's baseline). */
    chained,
    /**
     * Appended to the audit chain (server/audit/trail/chain.ts). `on`: a transaction the row
     * stands or falls with (a sign-in's session); `head`: the chain's head as `on` already took it;
     * `alongside`: writes for the record's statement (PostgreSQL, with `head`).
     */
    async insert(entry: NewLoginEntry, on: Kysely<Database> = db, head?: Head, alongside?: Alongside): Promise<void> {
      const row: Insertable<LoginHistoryTable> = {
        user_ref: entry.userRef,
        account: entry.account,
        opt_type: entry.optType,
        app_ref: entry.appRef,
        app_name: entry.appName,
        is_success: entry.success ? 1 : 0,
        login_msg: entry.loginMsg,
        ip: entry.ip,
        device_id: entry.deviceId,
        device_name: entry.deviceName,
        created_at: entry.createdAt,
        ...(entry.risk
          ? { risk_level: entry.risk.level, risk_signals: entry.risk.signals.join(','), risk_place: entry.risk.place }
          : {}),
      };
      if (!chained) await inserting(row, '', on);
      else if (head) await appendAt(on, head, 'login_history', row, (r) => inserting.compiled(r), alongside);
      else await appendChained(on, 'login_history', row, (r) => inserting.compiled(r));
    },
    async countSince(userRef: number, optType: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('login_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_ref', '=', userRef)
        .where('created_at', '>=', since)
        .where('opt_type', '=', optType)
        .where('is_success', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type LoginHistoryRepo = ReturnType<typeof loginHistoryRepo>;
