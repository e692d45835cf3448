import type { RiskAction, RiskJudgement, RiskSignal } from '../../contract/schemas/risk.js';

/** Where an address is, as a location database says: a country code, maybe a city, and coordinates. */
export interface Place {
  country: string;
  city: string | null;
  lat: number;
  lon: number;
}

/**
 * Looks addresses up (server/risk/geo.ts reads a MaxMind-format database; tests pass their own).
 * Null: the address is not in the database (private ranges, say).
 */
export interface Locator {
  locate(ip: string): Place | null;
}

/** What the person is told of: a sign-in from a new device or network (server/risk/alerts.ts implements it). */
export interface SignInAlertInput {
  user: { id: number; mobileNo: string | null };
  signals: RiskSignal[];
  place: string | null;
  caller: { ip: string; userAgent: string | null; deviceId: string | null; deviceName: string | null };
}

/** Tells a person of a sign-in they may not have made; a failure never fails the sign-in. */
export interface SignInAlerts {
  raise(input: SignInAlertInput): Promise<void>;
}

/**
 * A judged sign-in's verdict and what its person's profile learns once the session opens. Kept in
 * the sign-in ticket when a step (second factor, self-service) comes first, so it is plain JSON.
 */
export interface RiskVerdict {
  judgement: RiskJudgement;
  action: RiskAction;
  /** The address's /24 or /48, remembered as known once the session opens. */
  prefix: string;
  /** The network's last-seen time is worth writing (not seen within the day before). */
  learnNetwork: boolean;
  /** The person's hours as judged: the session's hour is counted on these, read again only if they changed meanwhile. */
  hours: number[];
  /** The hour (company time zone) the sign-in counts at in the person's hours. */
  hour: number;
  /** Tell the person (policy.notify, a new device or network, and the person had signed in before). */
  notify: boolean;
}
