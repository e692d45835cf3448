/**
 * Whether an error means the store could not be reached or gave up on the statement — a
 * dropped connection (restart, failover, an idle reaper's pg_terminate_backend), a refused or
 * timed-out connect, a statement over its time limit, a SQLite file busy past its wait — rather
 * than a fault in the request or the code. Such a request is answered 503 "try again": the same
 * request can succeed a moment later, on another connection or another instance.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (PG_UNAVAILABLE_CLASSES.some((prefix) => code.startsWith(prefix)) || PG_UNAVAILABLE.has(code)) return true;
    if (SOCKET_ERRORS.has(code) || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code.startsWith('SQLITE_IOERR')) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/** SQLSTATE classes: 08 connection exception, 57P operator intervention (shutdown, crash recovery). */
const PG_UNAVAILABLE_CLASSES = ['08', '57P'];
const PG_UNAVAILABLE = new Set([
  '53300', // too_many_connections
  '57014', // query_canceled: the statement timeout
  '55000', // object_not_in_prerequisite_state: "database … is not currently accepting connections"
  '55P03', // lock_not_available (lock_timeout)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** What pg and pg-pool say without a code when a connection goes away or never comes. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Query read timeout/,
];
