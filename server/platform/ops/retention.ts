import { sql, type RawBuilder } from 'kysely';
import type { Config } from '../config.js';
import type { Store } from '../db/connect.js';
import { DAY, type Clock } from '../lib/clock.js';
import { metrics } from './metrics.js';
import { loopFailures } from './loopFailures.js';

/** What goes: the table, its key, and the column and cut-off that make a row old enough (and `only` those rows). */
interface Rule {
  table: string;
  key: string[];
  column: string;
  cutoff(now: number, config: Config, released: number): number;
  only?: RawBuilder<unknown>;
}

const expired = (now: number) => now;
const pastLogDays = (now: number, config: Config) => now - config.retention.logDays * DAY;
/** Chained audit records go only through the seq retention released behind a signed prune record (server/audit/trail). */
const releasedSeq = (_now: number, _config: Config, released: number) => released + 1;
const unchained = sql`seq is null`;

/** Asks the audit trail to release whole checkpointed ranges sealed before the cut-off; answers how far chained rows may go. */
export type ReleaseAudit = (cutoff: number) => Promise<number>;

/**
 * Sign-in history and the operation log are kept logDays — their chained records only as whole
 * checkpointed ranges (the audit trail releases them first); everything else only while it can
 * still be used. Sessions go once past their absolute expiry (an idle one stops working earlier
 * but is at most absoluteHours old); the OIDC sweep signs applications out of sessions that are gone.
 */
export const RETENTION_RULES: Rule[] = [
  { table: 'login_history', key: ['id'], column: 'created_at', cutoff: pastLogDays, only: unchained },
  { table: 'login_history', key: ['id'], column: 'seq', cutoff: releasedSeq },
  { table: 'operation_log', key: ['id'], column: 'created_at', cutoff: pastLogDays, only: unchained },
  { table: 'operation_log', key: ['id'], column: 'seq', cutoff: releasedSeq },
  { table: 'otps', key: ['id'], column: 'expires_at', cutoff: expired },
  { table: 'tickets', key: ['id'], column: 'expires_at', cutoff: expired },
  { table: 'captchas', key: ['id'], column: 'expires_at', cutoff: expired },
  { table: 'sessions', key: ['id'], column: 'expires_at', cutoff: expired },
  { table: 'oidc_payloads', key: ['kind', 'id'], column: 'expires_at', cutoff: expired },
  { table: 'sm2_replay', key: ['digest'], column: 'expires_at', cutoff: expired },
  { table: 'webauthn_challenges', key: ['challenge'], column: 'expires_at', cutoff: expired },
];

/**
 * Rests between batches as long as the last one took: at most half the event loop goes to
 * pruning, and a request needs several turns of the loop (accept, read, query, answer), which
 * a bare setImmediate between 20 ms batches would stretch to over 100 ms.
 */
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(ms))));

/**
 * Prunes old rows in batches: each batch is one DELETE of at most batchSize rows picked by the
 * expiry index, so no statement holds a lock for long, instances pruning together merely find
 * less to do, and requests run between batches (better-sqlite3 blocks the event loop while a
 * statement runs, about 20 ms for 1,000 log rows). Runs every intervalMinutes; `run()` prunes now.
 */
export function retentionJob(store: Store, config: Config, clock: Clock, releaseAudit: ReleaseAudit = async () => 0) {
  const { batchSize, intervalMinutes } = config.retention;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<Record<string, number>> | null = null;
  let stopped = false;

  async function deleteBatch(rule: Rule, cutoff: number): Promise<number> {
    const keys = sql.join(rule.key.map((k) => sql.ref(k)));
    const keyTuple = rule.key.length === 1 ? keys : sql`(${keys})`;
    const result = await sql`delete from ${sql.table(rule.table)} where ${keyTuple} in (
      select ${keys} from ${sql.table(rule.table)} where ${sql.ref(rule.column)} < ${cutoff}${rule.only ? sql` and ${rule.only}` : sql``} limit ${batchSize}
    )`.execute(store.db);
    return Number(result.numAffectedRows ?? 0);
  }

  async function prune(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    const now = clock.now();
    const released = await releaseAudit(pastLogDays(now, config));
    for (const rule of RETENTION_RULES) {
      const cutoff = rule.cutoff(now, config, released);
      let total = 0;
      for (;;) {
        if (stopped) break;
        const started = performance.now();
        const n = await deleteBatch(rule, cutoff);
        total += n;
        if (n < batchSize) break;
        await rest(performance.now() - started);
      }
      deleted[rule.table] = (deleted[rule.table] ?? 0) + total;
      metrics.retentionDeleted(rule.table, total);
    }
    return deleted;
  }

  function run(): Promise<Record<string, number>> {
    running ??= prune().finally(() => { running = null; });
    return running;
  }

  return {
    /** Prunes now; resolves with the rows deleted per table. A pass already under way is joined. */
    run,
    start(): void {
      if (intervalMinutes <= 0 || timer) return;
      const failures = loopFailures('retention');
      timer = setInterval(() => {
        run().then(() => failures.succeeded(), (error: unknown) => failures.failed(error));
      }, intervalMinutes * 60_000).unref();
    },
    /** No further passes; the one under way stops after its current batch. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type RetentionJob = ReturnType<typeof retentionJob>;
