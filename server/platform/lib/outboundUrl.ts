import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which URLs the server itself may call (DESIGN.md §5): today the back-channel logout URIs an
 * administrator registers (the provider's only outgoing calls, server/protocols/oidc/provider.ts). Loopback,
 * private, shared (CGNAT), link-local, cloud metadata, unspecified, multicast and broadcast
 * addresses — also spelt as IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 — are refused unless
 * the operator's allow-list (`OUTBOUND_ALLOW`: host names, addresses, CIDR ranges) names them.
 *
 * Checked twice (docs/DECISIONS.md "Outgoing calls"): when the address is saved, as written (the
 * administrator hears why at once), and when it is called, on every address DNS gives for the
 * name; the connection then goes to an address that was vetted, so a name that answers a public
 * address to the check and 127.0.0.1 to the connect (DNS rebinding) gains nothing.
 *
 * Operator configuration (the SMS gateway, the directory) is not checked: the operator who set it
 * could as well have set the allow-list.
 */

/** Why an address may not be called. */
export type ForbiddenRange = 'loopback' | 'private' | 'shared' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'broadcast' | 'reserved';

/** Strict dotted-decimal IPv4 (what WHATWG URL and DNS give) as an unsigned 32-bit number. */
function ipv4Number(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

const v4 = (dotted: string) => ipv4Number(dotted)!;
/** First match wins: the single metadata addresses before the ranges holding them. */
const IPV4_RANGES: readonly { base: number; bits: number; range: ForbiddenRange }[] = ([
  ['169.254.169.254', 32, 'metadata'], // AWS, Azure, GCP, Oracle, OpenStack, Tencent
  ['100.100.100.200', 32, 'metadata'], // Alibaba Cloud
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['169.254.0.0', 16, 'link-local'],
  ['192.0.0.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
] as const).map(([base, bits, range]) => ({ base: v4(base), bits, range }));

function ipv4Range(n: number): ForbiddenRange | null {
  for (const { base, bits, range } of IPV4_RANGES) {
    const size = 2 ** (32 - bits);
    if (n >= base && n < base + size) return range;
  }
  return null;
}

/** An IPv6 address as its eight 16-bit groups (`::`, an embedded dotted IPv4 and a zone id allowed). */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = ipv4Number(dotted[1]);
    if (n === null) return null;
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : null;
}

const zero = (groups: number[], from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
const embedded = (high: number, low: number) => ipv4Range(high * 65536 + low);

function ipv6Range(g: number[]): ForbiddenRange | null {
  if (zero(g, 0, 8)) return 'unspecified';
  if (zero(g, 0, 7) && g[7] === 1) return 'loopback';
  // fd00:ec2::254, the AWS metadata service over IPv6 (inside fc00::/7, named for the message).
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && zero(g, 2, 7) && g[7] === 0x254) return 'metadata';
  // IPv4 inside IPv6: mapped ::ffff:0:0/96, translated ::ffff:0:0:0/96, compatible ::/96,
  // NAT64 64:ff9b::/96 (RFC 6052), 6to4 2002::/16; each is as forbidden as the IPv4 it carries.
  if (zero(g, 0, 5) && g[5] === 0xffff) return embedded(g[6], g[7]);
  if (zero(g, 0, 4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6], g[7]);
  if (zero(g, 0, 6)) return embedded(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(g, 2, 6)) return embedded(g[6], g[7]);
  // 64:ff9b:1::/48 (RFC 8215) translates to whatever the local network decides.
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private';
  if (g[0] === 0x2002) return embedded(g[1], g[2]);
  if ((g[0] & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'private'; // site-local, deprecated
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/**
 * The forbidden range an IP address is in, or null when it is a public address. The address is
 * dotted-decimal IPv4 or IPv6 (brackets and zone id allowed), as WHATWG URL and DNS give them;
 * anything else (a host name, `0x7f.1` not yet normalised by URL) answers null — pass URLs to
 * `outboundTarget` first, which normalises every IPv4 spelling.
 */
export function forbiddenRange(address: string): ForbiddenRange | null {
  const n = ipv4Number(address);
  if (n !== null) return ipv4Range(n);
  const groups = ipv6Groups(address);
  return groups ? ipv6Range(groups) : null;
}

/** Host names that are loopback by definition (RFC 6761 §6.3), whatever a resolver says. */
const isLoopbackName = (name: string) => name === 'localhost' || name.endsWith('.localhost');
const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');

/**
 * The host a URL would be called at, as fetch would call it: WHATWG URL turns `2130706433`,
 * `0x7f.1`, `0177.0.0.1` and `127.1` into 127.0.0.1 and `[::ffff:127.0.0.1]` into `::ffff:7f00:1`.
 * `address` is set when the host is an IP address; null for a URL that does not parse.
 */
export function outboundTarget(url: string): { host: string; address: string | null } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = bare(parsed.hostname);
  return { host, address: isIP(host) ? host : null };
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/**
 * OUTBOUND_ALLOW: comma-separated host names, IP addresses and CIDR ranges, normalised (lower
 * case, no brackets, no trailing dot). Answers the entry at fault when one is none of these.
 */
export function parseOutboundAllow(raw: string | undefined): { entries: string[] } | { wrong: string } {
  const entries: string[] = [];
  for (const item of (raw ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const [head, bits, ...rest] = item.split('/');
    const entry = bare(head);
    const family = isIP(entry);
    const ok = rest.length === 0 && (bits === undefined
      ? family !== 0 || HOST_NAME.test(entry)
      : family !== 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    if (!ok) return { wrong: item };
    entries.push(bits === undefined ? entry : `${entry}/${Number(bits)}`);
  }
  return { entries };
}

/**
 * What demo and test servers may call besides OUTBOUND_ALLOW: the machine itself, where the demo
 * applications (server/demo/seedOidc.ts, examples/oidc-rp) and the tests' receivers listen.
 * The check itself runs in every mode rather than only in production, so the path production
 * takes is the one every demo and test run exercises; only this default list differs.
 */
const NON_PRODUCTION_ALLOW = ['127.0.0.0/8', '::1', 'localhost'];

const RANGE_NAMES: Record<ForbiddenRange, string> = {
  loopback: 'a loopback address', private: 'a private address', shared: 'a shared (CGNAT) address', 'link-local': 'a link-local address',
  metadata: 'a cloud metadata address', unspecified: 'an unspecified address', multicast: 'a multicast address', broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

/** An outgoing call the policy refused; its message names host, address and range, never the path or query. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  constructor(readonly host: string, readonly address: string, readonly range: ForbiddenRange) {
    super(host === address ? `${address} is ${RANGE_NAMES[range]}` : `${host} resolves to ${address}, ${RANGE_NAMES[range]}`);
  }
}

export type Resolver = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export interface OutboundPolicy {
  /** Why the server would refuse to call this URL as written (no DNS: that is the call's check), or null. */
  refusal(url: string): OutboundRefused | null;
  /** A `lookup` for sockets: resolves every address, refuses the name if any is forbidden, connects to a vetted one. */
  lookup: LookupFunction;
  /** fetch through that lookup; a refused call rejects with OutboundRefused. */
  fetch(url: string | URL | Request, init?: RequestInit): Promise<Response>;
}

type Dispatcher = { constructor: new (options: object) => unknown };

/**
 * Node's own fetch runs on its bundled undici, whose Agent class is only reachable through the
 * global dispatcher (oidc-provider builds its guard the same way); the Agent's `connect.lookup`
 * is handed to net/tls.connect. Touching `Response` loads undici and so sets that dispatcher.
 */
function agentWith(lookup: LookupFunction, ca: readonly string[] | undefined): unknown {
  void Response;
  const global = globalThis as unknown as Record<symbol, Dispatcher | undefined>;
  const Agent = (global[Symbol.for('undici.globalDispatcher.2')] ?? global[Symbol.for('undici.globalDispatcher.1')])?.constructor;
  if (!Agent) throw new Error('no undici Agent to vet outgoing connections with');
  return new Agent({ connect: ca ? { lookup, ca: [...ca] } : { lookup } });
}

/**
 * What a policy is made from: the part of the configuration it reads. Named here rather than
 * taken from platform/config.ts, which parses OUTBOUND_ALLOW with this module (config's Mode must stay
 * assignable to this mode, which the callers handing a Config over check).
 */
export interface OutboundSettings {
  mode: 'demo' | 'test' | 'production';
  outboundAllow: readonly string[];
}

/**
 * `ca`: the certificates TLS connections are verified against instead of Node's own list (tests
 * only: their HTTPS receivers have self-signed certificates; see server/protocols/cas/proxyCallback.ts).
 */
export function outboundPolicy(config: OutboundSettings, resolve: Resolver = dnsLookup, ca?: readonly string[]): OutboundPolicy {
  const entries = config.mode === 'production' ? config.outboundAllow : [...NON_PRODUCTION_ALLOW, ...config.outboundAllow];
  const names = new Set<string>();
  const ranges = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address);
    if (!family) names.add(entry);
    else if (bits === undefined) ranges.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else ranges.addSubnet(address, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  }
  const addressAllowed = (address: string) => {
    const family = isIP(address);
    return family !== 0 && ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
  /** The refusal of calling `host` at `address` (null: allowed). */
  const judge = (host: string, address: string): OutboundRefused | null => {
    if (names.has(host)) return null;
    const range = forbiddenRange(address);
    return range && !addressAllowed(address) ? new OutboundRefused(host, address, range) : null;
  };

  function refusal(url: string): OutboundRefused | null {
    const target = outboundTarget(url);
    if (!target) return null;
    if (target.address) return judge(target.host, target.address);
    // A name that is loopback by definition is judged as 127.0.0.1; any other waits for DNS at the call.
    return isLoopbackName(target.host) ? judge(target.host, '127.0.0.1') : null;
  }

  const lookup: LookupFunction = (hostname, options, callback) => {
    const host = bare(hostname);
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.map((a) => judge(host, a.address)).find((r) => r !== null)
        ?? (isLoopbackName(host) ? judge(host, '127.0.0.1') : null);
      if (refused) return callback(refused as NodeJS.ErrnoException, '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };

  let agent: unknown;
  async function vettedFetch(url: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    // An address in the URL never reaches lookup: net.connect takes it as it is.
    const refused = refusal(url instanceof Request ? url.url : String(url));
    if (refused) throw refused;
    agent ??= agentWith(lookup, ca);
    try {
      return await globalThis.fetch(url, { ...init, dispatcher: agent } as RequestInit);
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      throw cause instanceof OutboundRefused ? cause : error;
    }
  }

  return { refusal, lookup, fetch: vettedFetch };
}

const policies = new WeakMap<OutboundSettings, OutboundPolicy>();
/** The policy of a configuration, made once (it holds the connection pool of the calls it vets). */
export function outboundPolicyOf(config: OutboundSettings): OutboundPolicy {
  let policy = policies.get(config);
  if (!policy) policies.set(config, (policy = outboundPolicy(config)));
  return policy;
}
