import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { ServiceContext } from '../composition/context.js';
import type { ZoneKind } from '../../contract/schemas/risk.js';
import { plainAddress } from './prefix.js';

/** Zones change rarely and every sign-in asks: a list at most this old is used (as settings.ts does). */
const FRESH_MS = 1000;

interface CompiledZone { id: number; kind: ZoneKind; ranges: BlockList }

/** The zones an address is in: their ids and kinds. */
export interface ZoneMatch { ids: number[]; kinds: Set<ZoneKind> }

function compile(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [network, bits] = range.split('/');
    const address = plainAddress(network);
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    // The workbench validates ranges; one that still does not parse matches nothing rather than stopping every sign-in.
    if (!family) continue;
    const prefix = bits === undefined ? null : Number(bits);
    if (prefix === null) list.addAddress(address, family);
    else if (Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 'ipv4' ? 32 : 128)) list.addSubnet(address, prefix, family);
  }
  return list;
}

/** Which office, VPN and blocked zones (ctx.repos.zones) an address falls in, from a list cached per instance. */
export function zoneMatcher(ctx: ServiceContext) {
  let cached: { readAt: number; zones: Promise<CompiledZone[]> } | null = null;

  function zones(): Promise<CompiledZone[]> {
    const now = ctx.clock.now();
    if (!cached || now < cached.readAt || now - cached.readAt >= FRESH_MS) {
      const entry = {
        readAt: now,
        zones: ctx.repos.zones.list().then((list) => list.map((z) => ({ id: z.id, kind: z.kind, ranges: compile(z.ranges) }))),
      };
      cached = entry;
      // A failed read is not kept: the next sign-in tries again.
      entry.zones.catch(() => { if (cached === entry) cached = null; });
    }
    return cached.zones;
  }

  return {
    /** Drops this instance's copy: the zones' workbench calls it once a save has committed. */
    invalidate(): void {
      cached = null;
    },
    async match(ip: string): Promise<ZoneMatch> {
      const address = plainAddress(ip);
      const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
      const match: ZoneMatch = { ids: [], kinds: new Set() };
      if (!family) return match;
      for (const zone of await zones()) {
        if (!zone.ranges.check(address, family)) continue;
        match.ids.push(zone.id);
        match.kinds.add(zone.kind);
      }
      return match;
    },
  };
}

export type ZoneMatcher = ReturnType<typeof zoneMatcher>;
