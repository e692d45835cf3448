/**
 * CAS service URLs and the registry's patterns (docs/DECISIONS.md "CAS"). A service is compared
 * as a parsed URL — scheme, host, port, then path — never as a string prefix, so
 * `http://host:8768/` covers `http://host:8768/app?x=1` but not `http://host:8768.evil.com/`
 * nor `http://host:87680/`. Userinfo, fragments and anything but http(s) are refused outright.
 */

/** The longest service URL taken (a ticket is appended to it, and it is stored with the ticket). */
export const SERVICE_URL_MAX = 2000;

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f-\u009f\\]/;

/** The service as a parsed URL, or null when it may not be one (see above). */
export function parseService(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > SERVICE_URL_MAX || UNSAFE.test(raw) || raw.includes('#')) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url;
}

export interface ServicePattern { url: string; match: 'exact' | 'prefix' }

/** The part of a URL that a prefix pattern covers: path and query. */
const pathAndQuery = (url: URL) => `${url.pathname}${url.search}`;

/**
 * Whether a registry pattern covers the service. `exact`: the same URL once both are parsed
 * (default port, host case and dot segments normalised). `prefix`: the same scheme, host and
 * port, and a path that starts with the pattern's at a boundary — the pattern ends with `/`, or
 * the service's path goes on with `/` or `?` (with `&` too when the pattern has a query).
 */
export function covers(pattern: ServicePattern, service: URL): boolean {
  const base = parseService(pattern.url);
  if (!base) return false;
  if (pattern.match === 'exact') return base.href === service.href;
  if (pattern.match !== 'prefix') return false;
  if (base.protocol !== service.protocol || base.hostname !== service.hostname || base.port !== service.port) return false;
  const prefix = pathAndQuery(base);
  const path = pathAndQuery(service);
  if (!path.startsWith(prefix)) return false;
  const next = path.slice(prefix.length, prefix.length + 1);
  return prefix.endsWith('/') || next === '' || next === '/' || next === '?' || (prefix.includes('?') && next === '&');
}

/**
 * The pattern that decides for a service among those covering it: an exact entry before any
 * prefix, then the longest prefix (the most specific registration names the application).
 */
export function bestMatch<T extends ServicePattern>(patterns: readonly T[], service: URL): T | undefined {
  const rank = (p: T) => (p.match === 'exact' ? Number.MAX_SAFE_INTEGER : pathAndQuery(new URL(p.url)).length);
  return patterns.filter((p) => covers(p, service)).sort((a, b) => rank(b) - rank(a))[0];
}

/** The service URL with the ticket appended, as CAS clients expect it (`ticket=` in the query). */
export function withTicket(service: string, ticket: string): string {
  return `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
}
