/**
 * Reading an address or CIDR range as an administrator writes it (network zones), in plain code
 * both the browser and the server run: the contract's `cidr` pattern only checks the characters,
 * so "999.1.1.1/40" would pass it and then match nothing. Here every part is checked — four
 * octets 0-255 or eight IPv6 groups ("::" once, an IPv4 tail allowed), a prefix within 0-32 or
 * 0-128 — and a range with bits set below its prefix is refused rather than silently widened:
 * "10.8.1.0/16" is more likely a typo for /24 than a wish for all of 10.8.0.0/16.
 */
export interface IpRange {
  version: 4 | 6;
  /** The address as bytes (4 or 16). */
  bytes: number[];
  prefix: number;
}

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function ipv6Bytes(text: string): number[] | null {
  let head = text;
  let tail: number[] = [];
  // An IPv4 tail (::ffff:10.0.0.1) stands for the last two groups.
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = ipv4Bytes(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    head = text.slice(0, lastColon + 1);
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  const wanted = 8 - tail.length / 2;
  const present = left.length + right.length;
  if (halves.length === 1 ? present !== wanted : present >= wanted) return null;
  const all = [...left, ...Array<string>(wanted - present).fill('0'), ...right];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return [...all.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 255]; }), ...tail];
}

/** The range, or why it is not one (the message the field's refusal shows). */
export function parseIpRange(raw: string): IpRange | string {
  const text = raw.trim();
  const slash = text.indexOf('/');
  const address = slash < 0 ? text : text.slice(0, slash);
  const v4 = address.includes(':') ? null : ipv4Bytes(address);
  const bytes = v4 ?? (address.includes(':') ? ipv6Bytes(address) : null);
  if (!bytes) return 'must be an IPv4 or IPv6 address, or a CIDR range';
  const version = bytes.length === 4 ? 4 : 6;
  const bits = bytes.length * 8;
  let prefix = bits;
  if (slash >= 0) {
    const p = text.slice(slash + 1);
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > bits) return `the prefix length must be 0-${bits}`;
    prefix = Number(p);
  }
  for (let bit = prefix; bit < bits; bit++) {
    if ((bytes[bit >> 3] >> (7 - (bit & 7))) & 1) return `has bits set beyond its /${prefix} prefix`;
  }
  return { version, bytes, prefix };
}

/** Whether an address lies in a range (both parsed). */
export function rangeContains(range: IpRange, address: IpRange): boolean {
  if (range.version !== address.version) return false;
  for (let bit = 0; bit < range.prefix; bit++) {
    const mask = 1 << (7 - (bit & 7));
    if ((range.bytes[bit >> 3] & mask) !== (address.bytes[bit >> 3] & mask)) return false;
  }
  return true;
}
