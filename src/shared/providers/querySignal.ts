/**
 * The abort signal of the query that asked: Refine spreads react-query's context (queryKey,
 * signal) into `meta`, so cancelling queries (logout) aborts calls still on the wire instead of
 * letting them come back 401.
 */
export function signalOf(meta: unknown): AbortSignal | undefined {
  const signal = (meta as { signal?: unknown } | undefined)?.signal;
  return signal instanceof AbortSignal ? signal : undefined;
}
