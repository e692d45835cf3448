import { isIP } from 'node:net';

/** Which peers may tell the client's address in X-Forwarded-For: none, a hop count, or their addresses. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's parser) accepts for the usual private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false` or `0` ignores X-Forwarded-For; `N` trusts the nearest N proxies;
 * a comma-separated list trusts proxies at those addresses or CIDR ranges. `true` is refused:
 * it would take the leftmost entry, which the client writes itself, and let anyone choose the
 * address every per-address limit counts.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends. Give the number of proxies in front of the server '
      + '(TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.5,10.1.0.0/16).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 16) throw new Error(`TRUST_PROXY=${value}: a hop count is the number of proxies in front of the server (1 to 16)`);
    return hops;
  }
  const entries = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) throw new Error(`TRUST_PROXY: "${wrong}" is neither a hop count nor an IP address or CIDR range`);
  return entries;
}

/**
 * The form Fastify takes. Fastify treats a bare number as "trust nobody" (it cannot check the
 * peer), so a hop count becomes the function proxy-addr would build: the nearest N hops.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return (_address, hop) => hop < hops;
}
