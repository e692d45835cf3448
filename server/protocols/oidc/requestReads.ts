import Provider from 'oidc-provider';
import type { LinkedAccount, StoredPayload } from './payloadsRepository.js';

/**
 * Records read ahead for the provider request in progress (oidc-provider's own request context,
 * `Provider.ctx`), each handed out once. A request's first write forgets them all, so a record is
 * never served from before a change the same request made; outside a request nothing is kept.
 */
const byRequest = new WeakMap<object, Map<string, unknown>>();

export const grantKey = (id: string) => `Grant:${id}`;
export const sessionKey = (uid: string) => `Session uid:${uid}`;
/** What was read ahead under a key: a stored record, or an account with its permission. */
type Kept<K extends string> = K extends `Account:${string}` ? LinkedAccount : StoredPayload | undefined;
export const accountKey = (sub: string, appRef: number) => `Account:${sub}:${appRef}` as const;

export const requestReads = {
  /** Kept for the request in progress, if there is one. */
  keep<K extends string>(key: K, stored: Kept<K>): void {
    const ctx = Provider.ctx;
    if (!ctx) return;
    let reads = byRequest.get(ctx);
    if (!reads) byRequest.set(ctx, (reads = new Map()));
    reads.set(key, stored);
  },
  /** What was read ahead under this key (undefined inside: read, and not there), or null when nothing was. */
  take<K extends string>(key: K): { stored: Kept<K> } | null {
    const ctx = Provider.ctx;
    const reads = ctx && byRequest.get(ctx);
    if (!reads?.has(key)) return null;
    const stored = reads.get(key) as Kept<K>;
    reads.delete(key);
    return { stored };
  },
  forget(): void {
    const ctx = Provider.ctx;
    if (ctx) byRequest.delete(ctx);
  },
};
