import pg from 'pg';

export interface PostgresLimits {
  /** Longest a statement may run before PostgreSQL cancels it (0: no limit). */
  statementTimeoutMs?: number;
  /** Longest a caller waits for a connection, new or from the pool (0: for ever). */
  connectTimeoutMs?: number;
}

/** Told of every connection the pool lost; never throws. */
export type ConnectionErrorListener = (error: Error) => void;

/**
 * A pool that outlives its connections. pg emits 'error' on the pool for an idle client and on
 * the client itself for one that is checked out; with no listener Node ends the process, which
 * is what a PostgreSQL restart, a failover or an idle-connection reaper did to every instance.
 * Here each is reported, the broken client is discarded by pg-pool (it is no longer queryable),
 * the statement on it fails (the request answers 503), and the next caller gets a new connection.
 */
export function openPostgresPool(connectionString: string, schema: string | null, limits: PostgresLimits, onError: ConnectionErrorListener): pg.Pool {
  const statementTimeout = limits.statementTimeoutMs ?? 0;
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: limits.connectTimeoutMs ?? 0,
    // A peer that vanished without closing the socket (a failed-over host) is noticed by TCP.
    keepAlive: true,
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // pg-pool re-emits an idle client's error on the pool, and Node ends a process on an unheard
  // 'error': heard here, reported once by the client's own listener below.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  return pool;
}

/**
 * Whether PostgreSQL answers, on a connection of its own rather than one from the pool: when the
 * database is away, pool callers queue behind the connect timeout, and a readiness probe must
 * answer within its own bound whatever the pool is doing.
 */
export async function probePostgres(connectionString: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs, query_timeout: timeoutMs });
  // A probe's connection that drops after its answer must not take the process with it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}
