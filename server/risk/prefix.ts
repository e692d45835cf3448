import { isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses as the risk signals compare them. A dual-stack listener reports IPv4 clients as
 * IPv4-mapped IPv6 (::ffff:1.2.3.4): they are the IPv4 address, for prefixes and zones alike.
 */
export function plainAddress(ip: string): string {
  const bare = ip.split('%')[0].trim().toLowerCase();
  const mapped = /^::ffff:(?:0:)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  return mapped && isIPv4(mapped[1]) ? mapped[1] : bare;
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail becomes the last two). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/**
 * The network a person signs in from: the /24 of an IPv4 address, the /48 of an IPv6 one (a
 * site's allocation), e.g. "203.0.113.0/24" or "2001:db8:1::/48". Anything else is kept whole.
 */
export function networkPrefix(ip: string): string {
  const address = plainAddress(ip);
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 3).map((g) => g.toString(16)).join(':')}::/48`;
  return address.slice(0, 64);
}
