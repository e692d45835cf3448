/**
 * An answer's `data` already serialised as JSON, by code that builds it to its contract (the
 * import worker): sent as it is, instead of being copied, checked and serialised again on the
 * event loop. The type parameter says what the JSON holds.
 */
export interface PreparedJson<T> {
  readonly json: string;
  /** Never set: ties the JSON to the type it holds. */
  readonly holds?: T;
}

export const prepared = <T>(json: string): PreparedJson<T> => ({ json });
