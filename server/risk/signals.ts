import type { RiskSignal, ZoneKind } from '../../contract/schemas/risk.js';
import { HOUR } from '../platform/lib/clock.js';

/** Faster than any airliner door to door: more than this between two sign-ins is not one person travelling. */
export const TRAVEL_KMH = 900;
/** Address geolocation is often off by a city or two: this much distance is never counted as travel. */
export const TRAVEL_SLACK_KM = 100;
/** An hour is unusual only for someone with this many sign-ins on record. */
export const UNUSUAL_HOUR_HISTORY = 20;
/** Failed checks in the budgets' windows that make a sign-in suspicious: against the account, from the address. */
export const ACCOUNT_FAILURES = 3;
export const ADDRESS_FAILURES = 10;

/** Everything a sign-in's signals are computed from, gathered by the risk service. */
export interface SignalFacts {
  /** The browser holds a valid device-trust cookie of this person. */
  deviceTrusted: boolean;
  /** The person signed in on this device id within the policy's newDeviceDays. */
  deviceKnown: boolean;
  /** The person signed in from this /24 or /48 within 90 days. */
  networkKnown: boolean;
  zoneKinds: ReadonlySet<ZoneKind>;
  failures: { account: number; address: number };
  /** Distance and time from the person's previous sign-in, when both places are known. */
  travel: { km: number; ms: number } | null;
  /** The person's sign-ins per hour of day (company time zone) and this sign-in's hour. */
  hours: readonly number[];
  hour: number;
}

/** Whether covering `km` in `ms` is beyond travel, the geolocation slack allowed for. */
export function travelImpossible(km: number, ms: number): boolean {
  const distance = km - TRAVEL_SLACK_KM;
  if (distance <= 0) return false;
  return ms <= 0 || distance / (ms / HOUR) > TRAVEL_KMH;
}

/** Whether the person, with enough history, never signed in within an hour either side of `hour`. */
export function hourUnusual(hours: readonly number[], hour: number): boolean {
  const total = hours.reduce((sum, n) => sum + n, 0);
  if (total < UNUSUAL_HOUR_HISTORY) return false;
  return hours[(hour + 23) % 24] + hours[hour] + hours[(hour + 1) % 24] === 0;
}

/** The signals a sign-in fires, in the contract's order. */
export function signalsOf(f: SignalFacts): RiskSignal[] {
  const known = f.zoneKinds.has('OFFICE') || f.zoneKinds.has('VPN');
  const fired: Record<RiskSignal, boolean> = {
    NEW_DEVICE: !f.deviceTrusted && !f.deviceKnown,
    NEW_NETWORK: !known && !f.networkKnown,
    IMPOSSIBLE_TRAVEL: f.travel !== null && travelImpossible(f.travel.km, f.travel.ms),
    UNUSUAL_HOUR: hourUnusual(f.hours, f.hour),
    RECENT_FAILURES: f.failures.account >= ACCOUNT_FAILURES || f.failures.address >= ADDRESS_FAILURES,
    BLOCKED_ZONE: f.zoneKinds.has('BLOCKED'),
  };
  return (Object.keys(fired) as RiskSignal[]).filter((s) => fired[s]);
}
