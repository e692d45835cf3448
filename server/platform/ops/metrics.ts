import client from 'prom-client';
import { sql, type QueryExecutorProvider } from 'kysely';

/**
 * The process's Prometheus metrics. One registry per process (a server is one process), so the
 * services that count (sign-ins, codes, texts) call the functions below without being handed it;
 * what needs the database (active sessions, pool use) is read on scrape from the stores opened here.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const httpDuration = new client.Histogram({
  name: 'idaas_http_request_duration_seconds',
  help: 'HTTP requests by route pattern (never the raw URL), method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const signIns = new client.Counter({
  name: 'idaas_sign_ins_total',
  help: 'Sign-in attempts by method (ACCOUNT, SMS, SECOND_AUTH, LDAP…) and result code (D00000 is success)',
  labelNames: ['method', 'code'] as const,
  registers: [registry],
});

const otpChecks = new client.Counter({
  name: 'idaas_otp_checks_total',
  help: 'One-time code checks by purpose and outcome (ok, or the refusal code)',
  labelNames: ['purpose', 'outcome'] as const,
  registers: [registry],
});

const smsDeliveries = new client.Counter({
  name: 'idaas_sms_deliveries_total',
  help: 'Texts handed to the gateway by outcome: sent, retry (will be tried again), failed (given up)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const gatewayFailures = new client.Counter({
  name: 'idaas_sms_gateway_failures_total',
  help: 'Calls to the SMS gateway that failed (error status, timeout, unreachable)',
  registers: [registry],
});

const queryDuration = new client.Histogram({
  name: 'idaas_db_query_duration_seconds',
  help: 'Database statements by store and outcome',
  labelNames: ['store', 'outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

const retentionDeleted = new client.Counter({
  name: 'idaas_retention_deleted_rows_total',
  help: 'Rows removed by the retention job, by table',
  labelNames: ['table'] as const,
  registers: [registry],
});

const connectionsLost = new client.Counter({
  name: 'idaas_db_connections_lost_total',
  help: 'PostgreSQL connections that broke (server restart, failover, terminated backend) and were discarded',
  registers: [registry],
});

const storeUnavailable = new client.Counter({
  name: 'idaas_store_unavailable_total',
  help: 'Requests answered 503 because the database could not be reached or timed out',
  registers: [registry],
});

/**
 * What a scrape reads of a store (db/connect's Store has it): its database, and its PostgreSQL
 * pool when it has one. Named here because db/connect reports every statement's time through
 * this module.
 */
export interface WatchedStore {
  db: QueryExecutorProvider;
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
}

/** Stores of the apps alive in this process, read on scrape. */
const stores = new Set<WatchedStore>();

new client.Gauge({
  name: 'idaas_active_sessions',
  help: 'Portal sessions not yet expired',
  registers: [registry],
  async collect() {
    let total = 0;
    for (const store of stores) {
      const row = await sql<{ n: number | string }>`select count(*) as n from sessions where expires_at > ${Date.now()}`.execute(store.db).catch(() => null);
      total += Number(row?.rows[0]?.n ?? 0);
    }
    this.set(total);
  },
});

new client.Gauge({
  name: 'idaas_db_pool_connections',
  help: 'PostgreSQL pool connections: total open, idle, and callers waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const store of stores) {
      if (!store.pool) continue;
      this.inc({ state: 'total' }, store.pool.totalCount);
      this.inc({ state: 'idle' }, store.pool.idleCount);
      this.inc({ state: 'waiting' }, store.pool.waitingCount);
    }
  },
});

export const metrics = {
  watchStore(store: WatchedStore): () => void {
    stores.add(store);
    return () => { stores.delete(store); };
  },
  httpRequest(method: string, route: string, status: number, seconds: number): void {
    httpDuration.observe({ method, route, status: String(status) }, seconds);
  },
  signIn(method: string, code: string): void {
    signIns.inc({ method, code });
  },
  /** Counts a code check as it settles; answers the same promise. */
  otpCheck<T>(purpose: string, check: Promise<T>): Promise<T> {
    check.then(
      () => otpChecks.inc({ purpose, outcome: 'ok' }),
      (error: unknown) => otpChecks.inc({ purpose, outcome: (error as { code?: string })?.code ?? 'error' }),
    );
    return check;
  },
  smsDelivery(outcome: 'sent' | 'retry' | 'failed'): void {
    smsDeliveries.inc({ outcome });
  },
  gatewayFailure(): void {
    gatewayFailures.inc();
  },
  query(store: string, ms: number, failed: boolean): void {
    queryDuration.observe({ store, outcome: failed ? 'error' : 'ok' }, ms / 1000);
  },
  connectionLost(): void {
    connectionsLost.inc();
  },
  storeUnavailable(): void {
    storeUnavailable.inc();
  },
  retentionDeleted(table: string, rows: number): void {
    if (rows > 0) retentionDeleted.inc({ table }, rows);
  },
};

/** The exposition text and its content type. */
export async function scrape(): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType };
}
