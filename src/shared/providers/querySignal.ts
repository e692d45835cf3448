/**
 * The abort signal of the query that asked: Refine spreads react-query's context (queryKey,
 * signal) into `meta`, so cancelling queries (logout) aborts calls still on the wire instead of
 * letting them come back 401.
 */
export function signalOf(meta: unknown): AbortSignal | undefined {
  const signal = (meta as { signal?: unknown } | undefined)?.signal;
  return signal instanceof AbortSignal ? signal : undefined;
}

let signingOut = false;

/**
 * Set while a sign-out is under way (useSignOutWith). Cancelling the queries stops the reads on
 * the wire, but a page or a lazy part arriving meanwhile mounts and reads afresh — a read the
 * server answers 401 once the session has ended.
 */
export function holdReads(on: boolean): void {
  signingOut = on;
}

/**
 * A query's read asked while signing out: not sent, and settled only when its query is cancelled
 * (the page leaves, or the sign-out failed and the page reads again). Null when it may go out; a
 * call without a query's signal (a mutation) always may.
 */
export function heldRead(signal: AbortSignal | undefined): Promise<never> | null {
  if (!signingOut || !signal) return null;
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
